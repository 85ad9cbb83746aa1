/**
 * A path to come back to after sign-in, only if it stays inside the app: a leading single slash,
 * no scheme or host, so a crafted state cannot send the user elsewhere.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  try {
    const url = new URL(value, 'http://app.invalid');
    if (url.origin !== 'http://app.invalid') return '/';
    if (url.pathname === '/auth/callback' || url.pathname === '/login') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
