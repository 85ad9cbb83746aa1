/** A demo account seeded in embedded-provider mode and printed at the first start. */
export type TDemoUser = {
  email: string;
  name: string;
  password: string;
  /** Whether the user gets the product role `${PRODUCT_ID}_USER`; the third demo user has none. */
  hasProductRole: boolean;
  /** Whether the user also gets the operator role `${PRODUCT_ID}_OPERATOR` (connectors, console, harvest). */
  isOperator: boolean;
};

/**
 * The demo accounts: a buyer and a supplier with the product role, an operator with the product and
 * the operator role, and one user without any (who can sign in but is turned away by the app).
 * Their passwords are public: demo use only.
 */
export const DEMO_USERS: readonly TDemoUser[] = [
  {
    email: 'buyer@example.com',
    name: 'Demo Buyer',
    password: 'demo-buyer-2025',
    hasProductRole: true,
    isOperator: false,
  },
  {
    email: 'supplier@example.com',
    name: 'Demo Supplier',
    password: 'demo-supplier-2025',
    hasProductRole: true,
    isOperator: false,
  },
  {
    email: 'norole@example.com',
    name: 'No Role',
    password: 'demo-norole-2025',
    hasProductRole: false,
    isOperator: false,
  },
  {
    email: 'operator@example.com',
    name: 'Demo Operator',
    password: 'demo-operator-2025',
    hasProductRole: true,
    isOperator: true,
  },
];

/** The roles a demo user is seeded with, given the product's user and operator roles. */
export function demoUserRoles(user: TDemoUser, roles: { userRole: string; operatorRole: string }): string[] {
  return [...(user.hasProductRole ? [roles.userRole] : []), ...(user.isOperator ? [roles.operatorRole] : [])];
}

/** The lines printed at the start that created the demo users: e-mail, password and roles of each. */
export function describeDemoUsers(
  users: readonly TDemoUser[],
  roles: { userRole: string; operatorRole: string },
): string {
  const width = Math.max(...users.map((user) => user.email.length));
  const lines = users.map((user) => {
    const granted = demoUserRoles(user, roles);
    return `  ${user.email.padEnd(width)}  password ${user.password.padEnd(20)}  ${granted.length > 0 ? `role ${granted.join(', ')}` : 'no role'}`;
  });
  return ['Demo users (sign in at the app; for trying the product only):', ...lines].join('\n');
}
