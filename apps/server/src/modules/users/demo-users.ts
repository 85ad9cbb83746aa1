/** A demo account seeded in embedded-provider mode and printed at the first start. */
export type TDemoUser = {
  email: string;
  name: string;
  password: string;
  /** Whether the user gets the product role `${PRODUCT_ID}_USER`; the third demo user has none. */
  hasProductRole: boolean;
};

/**
 * The demo accounts: a buyer and a supplier with the product role, and one user without it (who
 * can sign in but is turned away by the app). Their passwords are public: demo use only.
 */
export const DEMO_USERS: readonly TDemoUser[] = [
  { email: 'buyer@example.com', name: 'Demo Buyer', password: 'demo-buyer-2025', hasProductRole: true },
  { email: 'supplier@example.com', name: 'Demo Supplier', password: 'demo-supplier-2025', hasProductRole: true },
  { email: 'norole@example.com', name: 'No Role', password: 'demo-norole-2025', hasProductRole: false },
];

/** The lines printed at the start that created the demo users: e-mail, password and role of each. */
export function describeDemoUsers(users: readonly TDemoUser[], userRole: string): string {
  const width = Math.max(...users.map((user) => user.email.length));
  const lines = users.map(
    (user) =>
      `  ${user.email.padEnd(width)}  password ${user.password.padEnd(20)}  ${user.hasProductRole ? `role ${userRole}` : 'no role'}`,
  );
  return ['Demo users (sign in at the app; for trying the product only):', ...lines].join('\n');
}
