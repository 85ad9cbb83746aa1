import type { TDb } from '../../db/database';
import { loadCookieSecrets } from '../../idp/keys';
import { deriveDownloadKey } from './download-token';

/** The keys of download links, newest first: the first signs, all verify. */
export type TDownloadKeys = () => Promise<Buffer[]>;

/**
 * Download-link keys from the cookie secrets in the database (created on first use, with an external identity
 * provider too), read once per app: a link made by one server process verifies on every other of the database.
 */
export function downloadKeysFrom(db: TDb): TDownloadKeys {
  let keys: Promise<Buffer[]> | null = null;
  return () => {
    keys ??= loadCookieSecrets(db).then((secrets) => secrets.map(deriveDownloadKey));
    keys.catch(() => {
      keys = null;
    });
    return keys;
  };
}
