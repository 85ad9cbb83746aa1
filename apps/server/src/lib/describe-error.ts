/**
 * One line for the log from anything thrown or emitted: its message and, when it has one, its code
 * (a SQLSTATE such as 57P01, or a system code such as ECONNREFUSED). pg-boss emits its errors as
 * plain objects copied from the error, which `String()` prints as "[object Object]".
 */
export function describeError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const { message, code } = error as { message?: unknown; code?: unknown };
  const text = typeof message === 'string' && message !== '' ? message : safeJson(error);
  return typeof code === 'string' || typeof code === 'number' ? `${text} (code ${code})` : text;
}

function safeJson(value: object): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
