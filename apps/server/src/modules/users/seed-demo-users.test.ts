import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/lifecycle';
import { DEMO_USERS, describeDemoUsers } from './demo-users';
import { findUserByEmail } from './find-user-by-email';
import { seedDemoUsers } from './seed-demo-users';
import { verifyCredentials } from './verify-credentials';

const database = useTestDatabase();

const ROLES = { userRole: 'DSM_USER', operatorRole: 'DSM_OPERATOR' };

describe('seedDemoUsers', () => {
  it('creates the four demo users once: the third without a role, the fourth an operator', async () => {
    const created = await seedDemoUsers({ db: database.db, ...ROLES });
    expect(created.map((user) => user.email)).toEqual([
      'buyer@example.com',
      'supplier@example.com',
      'norole@example.com',
      'operator@example.com',
    ]);
    expect(await seedDemoUsers({ db: database.db, ...ROLES })).toEqual([]);

    const buyer = await verifyCredentials(database.db, 'buyer@example.com', 'demo-buyer-2025');
    expect(buyer).toMatchObject({ name: 'Demo Buyer', roles: ['DSM_USER'] });
    expect(await verifyCredentials(database.db, 'supplier@example.com', 'demo-supplier-2025')).toMatchObject({
      name: 'Demo Supplier',
      roles: ['DSM_USER'],
    });
    expect((await findUserByEmail(database.db, 'NoRole@Example.com'))?.roles).toEqual([]);
    expect(await verifyCredentials(database.db, 'operator@example.com', 'demo-operator-2025')).toMatchObject({
      name: 'Demo Operator',
      roles: ['DSM_USER', 'DSM_OPERATOR'],
    });
    expect(await verifyCredentials(database.db, 'buyer@example.com', 'demo-supplier-2025')).toBeNull();
  });

  it('adds the demo operator to a database seeded before it existed, keeping the other accounts', async () => {
    await database.db.deleteFrom('users').where('email', '=', 'operator@example.com').execute();
    await database.db
      .updateTable('users')
      .set({ name: 'Renamed Buyer' })
      .where('email', '=', 'buyer@example.com')
      .execute();

    const created = await seedDemoUsers({ db: database.db, ...ROLES });

    expect(created.map((user) => user.email)).toEqual(['operator@example.com']);
    expect((await findUserByEmail(database.db, 'operator@example.com'))?.roles).toEqual(['DSM_USER', 'DSM_OPERATOR']);
    expect((await findUserByEmail(database.db, 'buyer@example.com'))?.name).toBe('Renamed Buyer');
  });

  it('prints e-mail, password and role of each', () => {
    const text = describeDemoUsers(DEMO_USERS, ROLES);
    expect(text).toContain('buyer@example.com');
    expect(text).toContain('demo-buyer-2025');
    expect(text).toMatch(/norole@example\.com\s+password demo-norole-2025\s+no role/);
    expect(text).toMatch(/operator@example\.com\s+password demo-operator-2025\s+role DSM_USER, DSM_OPERATOR/);
    expect(text.match(/role DSM_USER/g)).toHaveLength(3);
  });
});
