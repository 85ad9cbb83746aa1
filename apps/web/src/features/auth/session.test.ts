import type { User, UserManager } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { getAccessToken, type TSession } from './session';

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
