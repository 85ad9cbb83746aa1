import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { DEMO_USERS, describeDemoUsers } from './demo-users';
import { findUserByEmail } from './find-user-by-email';
import { seedDemoUsers } from './seed-demo-users';
import { verifyCredentials } from './verify-credentials';

let database: TTestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

describe('seedDemoUsers', () => {
  it('creates the three demo users once, the third without the role', async () => {
    const created = await seedDemoUsers({ db: database.db, userRole: 'DSM_USER' });
    expect(created.map((user) => user.email)).toEqual([
      'buyer@example.com',
      'supplier@example.com',
      'norole@example.com',
    ]);
    expect(await seedDemoUsers({ db: database.db, userRole: 'DSM_USER' })).toEqual([]);

    const buyer = await verifyCredentials(database.db, 'buyer@example.com', 'demo-buyer-2025');
    expect(buyer).toMatchObject({ name: 'Demo Buyer', roles: ['DSM_USER'] });
    expect(await verifyCredentials(database.db, 'supplier@example.com', 'demo-supplier-2025')).toMatchObject({
      name: 'Demo Supplier',
      roles: ['DSM_USER'],
    });
    expect((await findUserByEmail(database.db, 'NoRole@Example.com'))?.roles).toEqual([]);
    expect(await verifyCredentials(database.db, 'buyer@example.com', 'demo-supplier-2025')).toBeNull();
  });

  it('prints e-mail, password and role of each', () => {
    const text = describeDemoUsers(DEMO_USERS, 'DSM_USER');
    expect(text).toContain('buyer@example.com');
    expect(text).toContain('demo-buyer-2025');
    expect(text).toMatch(/norole@example\.com\s+password demo-norole-2025\s+no role/);
    expect(text.match(/role DSM_USER/g)).toHaveLength(2);
  });
});
