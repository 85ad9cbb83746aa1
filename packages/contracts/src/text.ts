import { z } from 'zod';

/**
 * Well-formed text. JSON may carry a lone UTF-16 surrogate (`"\ud800"`), which no URL and no UTF-8 byte sequence can
 * hold: `encodeURIComponent` throws on it and PostgreSQL refuses it. Every id that is put into a URL or sent on to a
 * connector is checked with these, so such input is the caller's 400 and never the server's 500.
 */

// With the `u` flag a surrogate pair is one code point, so this class only meets the halves that stand alone.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Why text with a lone surrogate is refused; the error body puts the field's path in front. */
export const LONE_SURROGATE_MESSAGE = 'must be well-formed Unicode text, without a lone surrogate';

/** True when `text` holds no lone UTF-16 surrogate. */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** A string that is well-formed Unicode; chain further checks (`.min`, `.max`, `.regex`) onto it. */
export const ZWellFormedText = z.string().refine(isWellFormedText, LONE_SURROGATE_MESSAGE);

/** An id of another system (a connector's asset, policy, offer, agreement): well-formed text of 1 to `max` characters. */
export function zForeignId(max: number) {
  return ZWellFormedText.min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
}
