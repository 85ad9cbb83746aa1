import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ALGORITHM = 'aes-256-gcm';

export type TSecretKeySource = {
  /** The configured key, base64 of 32 bytes; wins over the file. */
  secretKey: string | undefined;
  /** Where the key file is kept (and created on first start) when no key is configured. */
  dataDir: string;
};

export type TSecretBox = {
  /** Sets the key from the configuration or the DATA_DIR key file; called when the app is built. */
  configure(source: TSecretKeySource): void;
  /** Encrypts a secret as `v1:{iv}:{tag}:{ciphertext}` (base64url), so a stolen database row does not reveal it. */
  encrypt(plain: string): string;
  /** Decrypts what encrypt made; throws when it was made with another key or changed since. */
  decrypt(sealed: string): string;
};

/** Reads the key file, creating it with a random key (readable by the owner only) when there is none yet. */
function readOrCreateKeyFile(dataDir: string, keyFile: string): Buffer {
  const file = path.join(dataDir, keyFile);
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

/**
 * Encryption at rest (AES-256-GCM) of one kind of secret, with a key of its own: configured, or
 * generated once into `keyFile` in DATA_DIR. One process serves one DATA_DIR, so one key per kind,
 * kept in the box rather than passed along to every service that reads such secrets.
 */
export function createSecretBox(options: { what: string; keyFile: string; configureName: string }): TSecretBox {
  let secretKey: Buffer | null = null;
  const currentKey = (): Buffer => {
    if (!secretKey) throw new Error(`The ${options.what} key is not configured (${options.configureName})`);
    return secretKey;
  };
  return {
    configure(source) {
      secretKey = source.secretKey
        ? Buffer.from(source.secretKey, 'base64')
        : readOrCreateKeyFile(source.dataDir, options.keyFile);
    },
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv(ALGORITHM, currentKey(), iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join(':');
    },
    decrypt(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split(':');
      if (version !== 'v1' || iv === undefined || tag === undefined || ciphertext === undefined) {
        throw new Error(`An encrypted ${options.what} has an unknown form`);
      }
      const decipher = createDecipheriv(ALGORITHM, currentKey(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
