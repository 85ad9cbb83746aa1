import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/lifecycle';
import { findUserByEmail } from '../users/find-user-by-email';
import { seedDemoUsers } from '../users/seed-demo-users';
import { findOrganisationOfUser, saveOrganisationOfUser } from './organisations-repository';
import { presentOwnOrganisation } from './present-organisation';
import { seedDemoOrganisations } from './seed-demo-organisations';

const database = useTestDatabase();

describe('seedDemoOrganisations', () => {
  it('does nothing while there are no demo users (an external identity provider)', async () => {
    expect(await seedDemoOrganisations(database.db)).toEqual([]);
  });

  it('lets the demo buyer buy and the demo supplier sell, once, and keeps a profile edited later', async () => {
    await seedDemoUsers({ db: database.db, userRole: 'DSM_USER', operatorRole: 'DSM_OPERATOR' });
    expect(await seedDemoOrganisations(database.db)).toEqual([
      'buyer@example.com',
      'supplier@example.com',
      'operator@example.com',
    ]);
    const statusOf = async (email: string) => {
      const user = await findUserByEmail(database.db, email);
      return presentOwnOrganisation(await findOrganisationOfUser(database.db, user!.id));
    };
    expect(await statusOf('buyer@example.com')).toMatchObject({ canBuy: true });
    expect(await statusOf('supplier@example.com')).toMatchObject({ canBuy: true, canSell: true });
    expect((await statusOf('norole@example.com')).organisation).toBeNull();

    const supplier = await findUserByEmail(database.db, 'supplier@example.com');
    const edited = await findOrganisationOfUser(database.db, supplier!.id);
    const { id: _id, created_at: _created, updated_at: _updated, ...fields } = edited!;
    await saveOrganisationOfUser(database.db, supplier!.id, { ...fields, legal_name: 'Umbenannt GmbH' });
    expect(await seedDemoOrganisations(database.db)).toEqual([]);
    expect((await statusOf('supplier@example.com')).organisation?.legalName).toBe('Umbenannt GmbH');
  });

  it('gives every demo organisation a contact telephone, also one seeded before organisations had one', async () => {
    const statusOf = async (email: string) => {
      const user = await findUserByEmail(database.db, email);
      return presentOwnOrganisation(await findOrganisationOfUser(database.db, user!.id));
    };
    expect((await statusOf('buyer@example.com')).organisation?.contactPhone).toBe('+49 211 555 0101');
    await database.db
      .updateTable('organisations')
      .set({ contact_phone: '' })
      .where('legal_name', '=', 'Demo Käufer GmbH')
      .execute();
    expect((await statusOf('buyer@example.com')).organisation?.contactPhone).toBe('');
    expect(await seedDemoOrganisations(database.db)).toEqual([]);
    expect((await statusOf('buyer@example.com')).organisation?.contactPhone).toBe('+49 211 555 0101');
  });
});
