import { sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { TDb } from '../db/database';

/**
 * oidc-provider's storage in PostgreSQL (table `idp_payloads`): sessions, grants, interactions,
 * authorization codes and refresh tokens survive a restart and are shared by every server
 * process on the database. One instance per model name, as the provider asks for them.
 */
export class PostgresAdapter implements Adapter {
  constructor(
    private readonly db: TDb,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresAt,
    };
    await this.db
      .insertInto('idp_payloads')
      .values({ model: this.model, id, ...row, consumed_at: null })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id', id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('idp_payloads')
      .set({ consumed_at: new Date() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('idp_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('idp_payloads').where('model', '=', this.model).where('grant_id', '=', grantId).execute();
  }

  private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('idp_payloads')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      // Expired rows may linger until the next sweep; they must already be gone for the provider.
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    // The provider detects a replayed code or refresh token by this flag.
    return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
  }
}

/** Deletes expired rows; returns how many. Expiry is already enforced on read, this only frees space. */
export async function sweepExpiredPayloads(db: TDb): Promise<number> {
  const result = await db.deleteFrom('idp_payloads').where('expires_at', '<', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
