// With the `u` flag a surrogate pair is one code point, so this class only meets the halves that stand alone.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** True when `text` holds no lone UTF-16 surrogate, so it can be percent-encoded and written as UTF-8. */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** True when `text` fits an HTTP header value: fetch refuses anything beyond Latin-1. */
export function isByteString(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0xff) return false;
  return true;
}
