import type { User, UserManager } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { userStorageKey } from './oidc-settings';
import { checkSso, createSession, getAccessToken, type TSession } from './session';
import { createTestLocks, requestedUrl, storeSignedInUser, TEST_CONFIG, testAccessToken } from './test-session';

function sessionWith(user: Partial<User> | null, renew: () => Promise<Partial<User> | null>) {
  const userManager = {
    getUser: vi.fn(async () => user),
    signinSilent: vi.fn(renew),
    removeUser: vi.fn(async () => {}),
  };
  return { session: { userManager: userManager as unknown as UserManager, config: {} } as TSession, userManager };
}

describe('getAccessToken', () => {
  it('returns the current token while it is valid for more than 5 s', async () => {
    const { session, userManager } = sessionWith({ access_token: 'current', expires_in: 60 }, async () => null);
    expect(await getAccessToken(session)).toBe('current');
    expect(userManager.signinSilent).not.toHaveBeenCalled();
  });

  it('refreshes a token expiring within 5 s once, however many calls wait for it', async () => {
    let finish: (user: Partial<User>) => void = () => {};
    const { session, userManager } = sessionWith(
      { access_token: 'old', expires_in: 3 },
      () => new Promise((resolve) => (finish = resolve)),
    );
    const calls = [getAccessToken(session), getAccessToken(session), getAccessToken(session)];
    await vi.waitFor(() => expect(userManager.signinSilent).toHaveBeenCalled());
    finish({ access_token: 'new', expires_in: 300 });
    expect(await Promise.all(calls)).toEqual(['new', 'new', 'new']);
    expect(userManager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('clears the session when the refresh is refused', async () => {
    const { session, userManager } = sessionWith({ access_token: 'old', expires_in: 1 }, async () => {
      throw new Error('invalid_grant');
    });
    expect(await getAccessToken(session)).toBeNull();
    expect(userManager.removeUser).toHaveBeenCalled();
  });

  it('gives no token when nobody is signed in', async () => {
    const { session } = sessionWith(null, async () => null);
    expect(await getAccessToken(session)).toBeNull();
  });
});

describe('a session shared by the browser tabs', () => {
  /** The provider as far as a refresh needs it: the token and userinfo endpoints. */
  function fakeProvider(refreshAnswer: () => Response = () => tokenAnswer('renewed')) {
    const tokenRequests: string[] = [];
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = requestedUrl(input);
      if (url === TEST_CONFIG.metadata?.token_endpoint) {
        tokenRequests.push(url);
        // A round trip long enough for a second tab to ask meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return refreshAnswer();
      }
      if (url === TEST_CONFIG.metadata?.userinfo_endpoint)
        return Response.json({ sub: 'user-1', email: 'a@example.org' });
      return new Response('unexpected', { status: 500 });
    });
    return { fetchMock, tokenRequests };
  }

  const tokenAnswer = (label: string) =>
    Response.json({
      access_token: testAccessToken('user-1', label),
      token_type: 'Bearer',
      refresh_token: `refresh-${label}`,
      expires_in: 300,
      scope: 'openid profile email',
    });

  it('opens a new tab with a stored, valid user at once, asking the provider nothing', async () => {
    const stored = storeSignedInUser();
    const { fetchMock } = fakeProvider();
    const session = createSession(TEST_CONFIG, 'http://127.0.0.1:8320', createTestLocks());
    const signinSilent = vi.spyOn(session.userManager, 'signinSilent');
    await checkSso(session, { pathname: '/results' } as Location);
    expect(signinSilent).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await getAccessToken(session)).toBe(stored.access_token);
  });

  it('refreshes a stored user whose token expired with its refresh token on load, not in a hidden frame', async () => {
    storeSignedInUser({ expiresInS: -60 });
    const { tokenRequests } = fakeProvider();
    const session = createSession(TEST_CONFIG, 'http://127.0.0.1:8320', createTestLocks());
    await checkSso(session, { pathname: '/results' } as Location);
    expect(tokenRequests).toHaveLength(1);
    expect(document.querySelector('iframe')).toBeNull();
    expect(await getAccessToken(session)).toBe(testAccessToken('user-1', 'renewed'));
  });

  it('sends one refresh to the provider when two tabs need a new token at once', async () => {
    storeSignedInUser({ expiresInS: 2 });
    const { tokenRequests } = fakeProvider();
    const locks = createTestLocks();
    const firstTab = createSession(TEST_CONFIG, 'http://127.0.0.1:8320', locks);
    const secondTab = createSession(TEST_CONFIG, 'http://127.0.0.1:8320', locks);
    const tokens = await Promise.all([getAccessToken(firstTab), getAccessToken(secondTab), getAccessToken(firstTab)]);
    expect(tokenRequests).toHaveLength(1);
    expect(tokens).toEqual(Array(3).fill(testAccessToken('user-1', 'renewed')));
  });

  it('ends the sign-in in every tab when the provider refuses the refresh', async () => {
    storeSignedInUser({ expiresInS: 2 });
    fakeProvider(() => Response.json({ error: 'invalid_grant' }, { status: 400 }));
    const session = createSession(TEST_CONFIG, 'http://127.0.0.1:8320', createTestLocks());
    expect(await getAccessToken(session)).toBeNull();
    expect(localStorage.getItem(userStorageKey(TEST_CONFIG))).toBeNull();
  });

  it('keeps the sign-in when the provider cannot be reached for a refresh', async () => {
    const stored = storeSignedInUser({ expiresInS: 2 });
    fakeProvider(() => {
      throw new TypeError('Failed to fetch');
    });
    const session = createSession(TEST_CONFIG, 'http://127.0.0.1:8320', createTestLocks());
    expect(await getAccessToken(session)).toBe(stored.access_token);
    expect(localStorage.getItem(userStorageKey(TEST_CONFIG))).not.toBeNull();
  });

  it("uses the issuer's endpoints from the settings instead of fetching the discovery document", async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const session = createSession(TEST_CONFIG, 'http://127.0.0.1:8320', createTestLocks());
    expect(await session.userManager.metadataService.getTokenEndpoint()).toBe(TEST_CONFIG.metadata?.token_endpoint);
    expect(await session.userManager.metadataService.getAuthorizationEndpoint()).toBe(
      TEST_CONFIG.metadata?.authorization_endpoint,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches the discovery document when the settings name no endpoints', async () => {
    const { metadata, ...withoutMetadata } = TEST_CONFIG;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(metadata));
    const session = createSession(withoutMetadata, 'http://127.0.0.1:8320', createTestLocks());
    expect(await session.userManager.metadataService.getTokenEndpoint()).toBe(metadata?.token_endpoint);
    expect(requestedUrl(fetchMock.mock.calls[0]![0])).toBe(`${TEST_CONFIG.issuer}/.well-known/openid-configuration`);
  });

  it('keeps a tab without Web Locks to itself, as before', async () => {
    storeSignedInUser();
    const session = createSession(TEST_CONFIG, 'http://127.0.0.1:8320', null);
    expect(await getAccessToken(session)).toBeNull();
  });
});
