import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configureConnectorSecretKey, decryptSecret, encryptSecret } from './connector-secrets';

describe('connector secrets', () => {
  it('creates a key file readable by the owner only on first use and keeps using it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dsm-secrets-'));
    configureConnectorSecretKey({ secretKey: undefined, dataDir });
    const file = path.join(dataDir, 'connector-secret.key');
    expect(Buffer.from(readFileSync(file, 'utf8'), 'base64')).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const sealed = encryptSecret('edc-api-key');
    configureConnectorSecretKey({ secretKey: undefined, dataDir });
    expect(decryptSecret(sealed)).toBe('edc-api-key');
  });

  it('never stores the plain key, seals it differently each time, and refuses a changed or foreign one', () => {
    configureConnectorSecretKey({ secretKey: Buffer.alloc(32, 7).toString('base64'), dataDir: '/nonexistent' });
    const first = encryptSecret('edc-api-key');
    const second = encryptSecret('edc-api-key');
    expect(first).not.toContain('edc-api-key');
    expect(first).not.toBe(second);
    expect(decryptSecret(second)).toBe('edc-api-key');
    const [version, iv, tag, ciphertext] = first.split(':');
    const changed = `${version}:${iv}:${tag}:${Buffer.from('x').toString('base64url')}${ciphertext}`;
    expect(() => decryptSecret(changed)).toThrow();
    configureConnectorSecretKey({ secretKey: Buffer.alloc(32, 8).toString('base64'), dataDir: '/nonexistent' });
    expect(() => decryptSecret(first)).toThrow();
  });
});
