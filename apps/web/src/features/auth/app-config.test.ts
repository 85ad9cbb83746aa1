import { appConfigEndpoint, ZAppConfig } from '@dsm/contracts';
import { describe, expect, it, vi } from 'vitest';
import { APP_CONFIG_PATH, loadAppConfig, parseAppConfig } from './app-config';
import { TEST_CONFIG } from './test-session';

// The settings as the server hands them out, once without the provider's endpoints.
const { metadata: METADATA, ...CONFIG } = TEST_CONFIG;

/** Settings that break the contract in one place each. */
const BROKEN: [string, unknown][] = [
  ['not an object', 'config'],
  ['null', null],
  ['an issuer that is no URL', { ...CONFIG, issuer: 'not a url' }],
  ['no issuer', { ...CONFIG, issuer: undefined }],
  ['a numeric client id', { ...CONFIG, clientId: 7 }],
  ['no roles claim', { ...CONFIG, rolesClaim: undefined }],
  ['a textual isEmbeddedIdp', { ...CONFIG, isEmbeddedIdp: 'true' }],
  ['no operator', { ...CONFIG, operator: undefined }],
  ['an operator without e-mail', { ...CONFIG, operator: { ...CONFIG.operator, email: undefined } }],
  ['an operator whose isDemo is text', { ...CONFIG, operator: { ...CONFIG.operator, isDemo: 'no' } }],
];

describe('parseAppConfig', () => {
  it('reads the settings as the contract does, dropping unknown fields like it', () => {
    const withExtra = { ...CONFIG, extra: 'x', operator: { ...CONFIG.operator, extra: 'y' } };
    expect(parseAppConfig(withExtra)).toEqual(ZAppConfig.parse(withExtra));
    expect(parseAppConfig(withExtra)).toEqual(CONFIG);
  });

  it.each(BROKEN)('refuses settings with %s, as the contract does', (_name, value) => {
    expect(ZAppConfig.safeParse(value).success).toBe(false);
    expect(() => parseAppConfig(value)).toThrow(TypeError);
  });

  it("keeps the issuer's endpoints, as the contract reads them", () => {
    const withMetadata = { ...CONFIG, metadata: { ...METADATA, extra: 'x' } };
    expect(parseAppConfig(withMetadata)).toEqual(ZAppConfig.parse(withMetadata));
    expect(parseAppConfig(withMetadata).metadata).toEqual(METADATA);
  });

  it.each<[string, unknown]>([
    ['not an object', 'endpoints'],
    ['a token endpoint that is no URL', { ...METADATA, token_endpoint: 'token' }],
    ['no userinfo endpoint', { ...METADATA, userinfo_endpoint: undefined }],
    ['another issuer', { ...METADATA, issuer: 'https://elsewhere.example/realms/x' }],
  ])('ignores endpoints with %s, so the app discovers them itself', (_name, metadata) => {
    const settings = parseAppConfig({ ...CONFIG, metadata });
    expect(settings).toEqual(CONFIG);
    expect('metadata' in settings).toBe(false);
  });

  it('reads them where the contract says they are served', () => {
    expect(APP_CONFIG_PATH).toBe(appConfigEndpoint.path);
  });
});

describe('loadAppConfig', () => {
  it('asks the server once per page load, and again after a failure', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(new Response('{}', { status: 503 }))
      .mockImplementation(async () => Response.json(CONFIG));
    await expect(loadAppConfig()).rejects.toThrow('HTTP 503');
    expect(await loadAppConfig()).toEqual(CONFIG);
    expect(await loadAppConfig()).toEqual(CONFIG);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledWith(APP_CONFIG_PATH);
  });
});
