import { describe, expect, it } from 'vitest';
import { createPasswordUser } from '../test/auth';
import { startTestApp, type TTestApp } from '../test/test-app';
import { AuthorizationFlow, loginWithPassword } from './login-with-password';

const PASSWORD = 'correct-horse-42';

type TAttempt = { status: number; html: string; headers: Headers };

async function attempt(testApp: TTestApp, email: string, password: string): Promise<TAttempt> {
  const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl, uiLocales: 'en' });
  const step = await flow.submit('sign-in-form', { email, password });
  if (step.kind !== 'page') return { status: 303, html: '', headers: new Headers() };
  return { status: step.status, html: step.html, headers: step.headers };
}

/** A user named `name` who signs in with PASSWORD as `<name>@example.org`, with the product role unless told otherwise. */
const userWithPassword = (testApp: TTestApp, name: string, roles?: string[]) =>
  createPasswordUser(testApp, { email: `${name.toLowerCase()}@example.org`, name, password: PASSWORD, roles });

/** Runs count calls, a few at a time: dozens of scrypt checks at once would starve a busy machine. */
async function inBatches<T>(count: number, run: (index: number) => Promise<T>, size = 5): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, offset) => run(start + offset));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

/** Each test gets an app of its own: the limits count per process and the tests use them up. */
async function withApp(run: (testApp: TTestApp) => Promise<void>): Promise<void> {
  const testApp = await startTestApp();
  try {
    await run(testApp);
  } finally {
    await testApp.close();
  }
}

// Dozens of scrypt verifications per test: more time than the default allows on a busy machine.
describe('sign-in throttling', { timeout: 90_000 }, () => {
  it('locks an account after 10 failures, even for the right password, with Retry-After', async () => {
    await withApp(async (testApp) => {
      const user = await userWithPassword(testApp, 'Target');
      const failures = await inBatches(10, (index) => attempt(testApp, user.email, `wrong-password-${index}`));
      expect(failures.map((failure) => failure.status)).toEqual(Array(10).fill(401));
      const locked = await attempt(testApp, user.email, PASSWORD);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(locked.html).toMatch(/role="alert">Too many failed sign-ins\. Please try again in \d+ minutes?\.<\/div>/);

      // Another account from the same address still signs in: ten failures are below the address limit.
      const other = await userWithPassword(testApp, 'Bystander', []);
      const tokens = await loginWithPassword({ baseUrl: testApp.baseUrl, email: other.email, password: PASSWORD });
      expect(tokens.accessToken).toBeTruthy();
    });
  });

  it('verifies at most 10 of 30 wrong passwords sent at once and throttles the rest', async () => {
    await withApp(async (testApp) => {
      const user = await userWithPassword(testApp, 'Swarmed');
      // Every flow is opened first, so the 30 forms reach the server together.
      const flows = await inBatches(30, () => AuthorizationFlow.start({ baseUrl: testApp.baseUrl, uiLocales: 'en' }));
      const answers = await Promise.all(
        flows.map((flow, index) => flow.submit('sign-in-form', { email: user.email, password: `wrong-${index}` })),
      );
      const statuses = answers.map((answer) => (answer.kind === 'page' ? answer.status : 303));
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);

      const locked = await attempt(testApp, user.email, PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.html).toContain('Too many failed sign-ins.');
    });
  });

  it('counts an unknown address like a known one and answers with the same words', async () => {
    await withApp(async (testApp) => {
      const failures = await inBatches(10, () => attempt(testApp, 'ghost@example.org', 'wrong-pass-1'));
      expect(failures.map((failure) => failure.status)).toEqual(Array(10).fill(401));
      expect(failures[0]!.html).toContain('role="alert">The e-mail address or password is wrong.</div>');
      expect((await attempt(testApp, 'GHOST@example.org', 'wrong-pass-1')).status).toBe(429);
    });
  });
});

describe('sign-up throttling', { timeout: 90_000 }, () => {
  it('refuses the 21st sign-up from one address within the hour', async () => {
    await withApp(async (testApp) => {
      const signUp = async (index: number) => {
        const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl, uiLocales: 'en' });
        if (flow.step.kind !== 'page') throw new Error('expected the sign-in page');
        await flow.go(`${flow.step.url.split('?')[0]}/signup`);
        return flow.submit('sign-up-form', {
          name: `Newcomer ${index}`,
          email: `newcomer-${index}@example.org`,
          password: 'long-enough-password-1',
        });
      };
      const accepted = await inBatches(20, signUp);
      expect(accepted.map((step) => step.kind)).toEqual(Array(20).fill('callback'));
      const refused = await signUp(20);
      if (refused.kind !== 'page') throw new Error('expected the sign-up page again');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect(refused.html).toContain('Too many sign-ups from this network.');
      const created = await testApp.database.db.selectFrom('users').select('email').execute();
      expect(created).toHaveLength(20);
    });
  });
});
