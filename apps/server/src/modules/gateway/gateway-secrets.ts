import { createSecretBox } from '../../lib/secret-box';

/** The box the suppliers' gateway credentials are encrypted in: GATEWAY_SECRET_KEY or `gateway-secret.key`. */
export const gatewaySecrets = createSecretBox({
  what: 'gateway credential',
  keyFile: 'gateway-secret.key',
  configureName: 'gatewaySecrets.configure',
});
