import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { sql } from 'kysely';
import type { TDb } from '../db/database';

/** A private signing key as a JWK with its key id, algorithm and use. */
export type TSigningJwk = JWK & { kid: string; alg: string; use: 'sig' };

/** Signing algorithm of the embedded provider: what Keycloak uses by default. */
export const SIGNING_ALGORITHM = 'RS256';

/** Retired keys stay published this long, so tokens signed just before a rotation still verify. */
const RETIRED_KEY_GRACE_MS = 24 * 60 * 60 * 1000;

async function createSigningKey(db: TDb): Promise<TSigningJwk> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = `${new Date().toISOString().slice(0, 10)}-${randomBytes(6).toString('base64url')}`;
  const key: TSigningJwk = { ...jwk, kid, alg: SIGNING_ALGORITHM, use: 'sig' };
  await db
    .insertInto('idp_keys')
    .values({ id: kid, purpose: 'signing', material: JSON.stringify(key) })
    .execute();
  return key;
}

/**
 * The keys the provider publishes, newest first: the first one signs, the others verify tokens
 * issued before the last rotation. Creates the first key on first use.
 */
export async function loadSigningKeys(db: TDb): Promise<TSigningJwk[]> {
  const rows = await db
    .selectFrom('idp_keys')
    .select(['material'])
    .where('purpose', '=', 'signing')
    .where((eb) =>
      eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', new Date(Date.now() - RETIRED_KEY_GRACE_MS))]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (rows.length > 0) return rows.map((row) => row.material as TSigningJwk);
  // Two servers starting on one empty database must not both create a key: lock, then look again.
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('idp_keys'))`.execute(trx);
    const again = await trx
      .selectFrom('idp_keys')
      .select(['material'])
      .where('purpose', '=', 'signing')
      .where('retired_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
    if (again.length > 0) return again.map((row) => row.material as TSigningJwk);
    return [await createSigningKey(trx)];
  });
}

/**
 * Puts a new signing key in front and retires the others; retired keys are still published for a
 * day so tokens signed with them verify until they expire. Returns the new key id.
 */
export async function rotateSigningKeys(db: TDb): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('idp_keys'))`.execute(trx);
    await trx
      .updateTable('idp_keys')
      .set({ retired_at: new Date() })
      .where('purpose', '=', 'signing')
      .where('retired_at', 'is', null)
      .execute();
    const key = await createSigningKey(trx);
    return key.kid;
  });
}

/** The public half of signing keys, as a JWKS document publishes them. */
export function toPublicJwks(keys: TSigningJwk[]): { keys: JWK[] } {
  return {
    keys: keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) =>
      Object.fromEntries(Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined)),
    ),
  };
}

/** Secrets that sign the provider's cookies; created on first use, newest first. */
export async function loadCookieSecrets(db: TDb): Promise<string[]> {
  const rows = await db
    .selectFrom('idp_keys')
    .select(['material'])
    .where('purpose', '=', 'cookie')
    .orderBy('created_at', 'desc')
    .execute();
  if (rows.length > 0) return rows.map((row) => String((row.material as { secret: string }).secret));
  const secret = randomBytes(32).toString('base64url');
  await db
    .insertInto('idp_keys')
    .values({
      id: `cookie-${randomBytes(6).toString('base64url')}`,
      purpose: 'cookie',
      material: JSON.stringify({ secret }),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return loadCookieSecrets(db);
}
