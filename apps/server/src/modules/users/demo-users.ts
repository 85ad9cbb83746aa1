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
