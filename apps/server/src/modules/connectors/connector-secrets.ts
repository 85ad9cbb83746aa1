import { createSecretBox, type TSecretKeySource } from '../../lib/secret-box';

/** The box connector API keys are encrypted in, with its key from CONNECTOR_SECRET_KEY or `connector-secret.key`. */
const box = createSecretBox({
  what: 'connector secret',
  keyFile: 'connector-secret.key',
  configureName: 'configureConnectorSecretKey',
});

export type TConnectorSecretKeySource = TSecretKeySource;

/** Sets the key from the configuration or the DATA_DIR key file; called when the app is built. */
export function configureConnectorSecretKey(source: TConnectorSecretKeySource): void {
  box.configure(source);
}

/** Encrypts a connector secret as `v1:{iv}:{tag}:{ciphertext}` (base64url), so a stolen database row does not reveal it. */
export function encryptSecret(plain: string): string {
  return box.encrypt(plain);
}

/** Decrypts what encryptSecret made; throws when it was made with another key or changed since. */
export function decryptSecret(sealed: string): string {
  return box.decrypt(sealed);
}
