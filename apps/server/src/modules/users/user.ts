/** A user of the embedded identity provider as sign-in and tokens need it. */
export type TUser = {
  id: string;
  email: string;
  name: string;
  /** scrypt hash, `scrypt$N$r$p$salt$hash`; never leaves the server. */
  passwordHash: string;
  /** Realm roles, e.g. `${PRODUCT_ID}_USER`. */
  roles: string[];
};

/** The columns a TUser is read from. */
export const USER_COLUMNS = ['id', 'email', 'name', 'password_hash', 'roles'] as const;

/** Maps a users row to a TUser. */
export function toUser(row: {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  roles: string[];
}): TUser {
  return { id: row.id, email: row.email, name: row.name, passwordHash: row.password_hash, roles: row.roles };
}
