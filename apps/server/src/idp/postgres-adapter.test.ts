import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/lifecycle';
import { PostgresAdapter, sweepExpiredPayloads } from './postgres-adapter';

const database = useTestDatabase();

describe('PostgresAdapter', () => {
  it('stores, finds by id and uid, updates and destroys per model', async () => {
    const sessions = new PostgresAdapter(database.db, 'Session');
    const grants = new PostgresAdapter(database.db, 'Grant');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a1' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a1' });
    expect(await grants.find('s1')).toBeUndefined();
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a2' }, 60);
    expect((await sessions.find('s1'))?.accountId).toBe('a2');
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });

  it('marks a consumed code so a replay is detected', async () => {
    const codes = new PostgresAdapter(database.db, 'AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    expect((await codes.find('c1'))?.consumed).toBeUndefined();
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number));
  });

  it('revokes everything of a grant in its own model only', async () => {
    const refreshTokens = new PostgresAdapter(database.db, 'RefreshToken');
    const accessTokens = new PostgresAdapter(database.db, 'AccessToken');
    await refreshTokens.upsert('r1', { grantId: 'g2' }, 60);
    await refreshTokens.upsert('r2', { grantId: 'g2' }, 60);
    await refreshTokens.upsert('r3', { grantId: 'g3' }, 60);
    await accessTokens.upsert('t1', { grantId: 'g2' }, 60);
    await refreshTokens.revokeByGrantId('g2');
    expect(await refreshTokens.find('r1')).toBeUndefined();
    expect(await refreshTokens.find('r2')).toBeUndefined();
    expect(await refreshTokens.find('r3')).toBeDefined();
    expect(await accessTokens.find('t1')).toBeDefined();
  });

  it('hides expired rows at once and sweeps them later', async () => {
    const interactions = new PostgresAdapter(database.db, 'Interaction');
    await interactions.upsert('i1', { uid: 'x' }, 60);
    await database.db
      .updateTable('idp_payloads')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', 'i1')
      .execute();
    expect(await interactions.find('i1')).toBeUndefined();
    expect(await sweepExpiredPayloads(database.db)).toBeGreaterThanOrEqual(1);
    const left = await database.db.selectFrom('idp_payloads').select('id').where('id', '=', 'i1').execute();
    expect(left).toEqual([]);
  });
});
