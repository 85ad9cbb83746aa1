import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ALGORITHM = 'aes-256-gcm';
const KEY_FILE = 'connector-secret.key';

/**
 * The key connector API keys are encrypted with, set once when the app is built. It lives here rather than being
 * passed along because every service that builds a connector client reads connectors by id with only the database
 * at hand; one process serves one DATA_DIR, so one key.
 */
let secretKey: Buffer | null = null;

export type TConnectorSecretKeySource = {
  /** CONNECTOR_SECRET_KEY, base64 of 32 bytes; wins over the file. */
  secretKey: string | undefined;
  /** Where the key file is kept (and created on first start) when no key is configured. */
  dataDir: string;
};

/** Reads the key file, creating it with a random key (readable by the owner only) when there is none yet. */
function readOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  // The key is written to a file of this process's own and then linked into place: a link fails
  // when the file exists, so two processes starting at once never overwrite each other's key, and
  // the other never reads the file between its creation and its content.
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(draft, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} must hold 32 bytes, base64-encoded`);
  return key;
}

/** Sets the key from the configuration or the DATA_DIR key file; called when the app is built. */
export function configureConnectorSecretKey(source: TConnectorSecretKeySource): void {
  secretKey = source.secretKey ? Buffer.from(source.secretKey, 'base64') : readOrCreateKeyFile(source.dataDir);
}

function currentKey(): Buffer {
  if (!secretKey) throw new Error('The connector secret key is not configured (configureConnectorSecretKey)');
  return secretKey;
}

/** Encrypts a secret as `v1:{iv}:{tag}:{ciphertext}` (base64url), so a stolen database row does not reveal it. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, currentKey(), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':');
}

/** Decrypts what encryptSecret made; throws when it was made with another key or changed since. */
export function decryptSecret(sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(':');
  if (version !== 'v1' || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new Error('An encrypted connector secret has an unknown form');
  }
  const decipher = createDecipheriv(ALGORITHM, currentKey(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
