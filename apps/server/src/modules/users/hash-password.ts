import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt cost of new hashes: N=2^15, r=8, p=3 is one of OWASP's equivalents of N=2^17, p=1 that
 * needs 32 MiB instead of 128 MiB per hash, so a burst of sign-ins does not exhaust memory.
 * Stored hashes carry their own parameters; raising these only affects new hashes.
 */
const COST = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** Bounds a stored hash's parameters must stay within, so a tampered row cannot stall the server. */
const LIMITS = { maxLogN: 20, maxR: 32, maxP: 16 };

/**
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
 * PostgreSQL connections share: pg's SCRAM sign-in derives its key there too. A burst of sign-ins
 * filling every thread held new connections back past the pool's timeout and answered 503, so at
 * most half the threads derive at once and the rest wait their turn here.
 */
const MAX_CONCURRENT_DERIVATIONS = Math.max(1, Math.floor((Number(process.env.UV_THREADPOOL_SIZE) || 4) / 2));
let runningDerivations = 0;
const waitingDerivations: (() => void)[] = [];

async function withDerivationSlot<T>(run: () => Promise<T>): Promise<T> {
  if (runningDerivations >= MAX_CONCURRENT_DERIVATIONS) {
    await new Promise<void>((resolve) => waitingDerivations.push(resolve));
  } else {
    runningDerivations++;
  }
  try {
    return await run();
  } finally {
    // The slot passes straight to the next waiter, so the count never drops below the running work.
    const next = waitingDerivations.shift();
    if (next) next();
    else runningDerivations--;
  }
}

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * 2 };
  return withDerivationSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** Hashes a password with scrypt into `scrypt$N$r$p$salt$hash` (salt and hash base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parseHash(stored: string): { N: number; r: number; p: number; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : Number.NaN)) as [
    number,
    number,
    number,
  ];
  const isPowerOfTwo = N > 1 && (N & (N - 1)) === 0 && N <= 2 ** LIMITS.maxLogN;
  if (!isPowerOfTwo || !(r >= 1 && r <= LIMITS.maxR) || !(p >= 1 && p <= LIMITS.maxP)) return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

/**
 * True when the password matches a stored hash; compares in constant time. A malformed hash (an
 * account that cannot sign in with a password) never matches and never throws.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}
