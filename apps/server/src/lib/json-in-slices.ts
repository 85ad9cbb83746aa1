import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';

/** Characters of serialised elements after which the event loop gets a turn. */
const SLICE_CHARS = 256 * 1024;

/**
 * The JSON text of `value` as a stream, with the same bytes as `JSON.stringify(value)`: the elements of its
 * arrays under `keys` are serialised one by one, and the event loop gets a turn after about 256 KB of them.
 * Serialising a page of 1,000 offers (a few megabytes) in one call holds the loop, which every request shares,
 * for tens to hundreds of milliseconds; in slices no turn takes more than a few.
 */
export function jsonInSlices<T extends object>(value: T, keys: readonly (keyof T & string)[]): Readable {
  return Readable.from(jsonSlices(value, keys), { objectMode: false });
}

/** The slices of `jsonInSlices` as strings. */
async function* jsonSlices<T extends object>(value: T, keys: readonly (keyof T & string)[]): AsyncGenerator<string> {
  const record = value as Record<string, unknown>;
  const markers = new Map<string, unknown[]>();
  const outline: Record<string, unknown> = { ...record };
  for (const key of keys) {
    const list = record[key];
    if (!Array.isArray(list)) continue;
    // Assigning an existing key keeps its place, so the outline's keys come in the value's order.
    const marker = `slices-${randomUUID()}`;
    outline[key] = marker;
    markers.set(JSON.stringify(marker), list);
  }
  const text = JSON.stringify(outline);
  // In the order the arrays come in the text.
  const ordered = [...markers].sort(([a], [b]) => text.indexOf(a) - text.indexOf(b));
  {
    let rest = text;
    for (const [marker, list] of ordered) {
      const at = rest.indexOf(marker);
      yield `${rest.slice(0, at)}[`;
      rest = rest.slice(at + marker.length);
      let pending = '';
      for (let index = 0; index < list.length; index++) {
        // As JSON.stringify writes an array: a value it cannot write (undefined, a function) is null.
        pending += `${index === 0 ? '' : ','}${JSON.stringify(list[index]) ?? 'null'}`;
        if (pending.length >= SLICE_CHARS) {
          yield pending;
          pending = '';
          await setImmediate();
        }
      }
      yield `${pending}]`;
    }
    yield rest;
  }
}

/**
 * The length of `JSON.stringify(value)` (in UTF-16 code units, as `String.length` counts), found by writing the
 * text in slices as `jsonInSlices` does, so that measuring a large value does not hold the event loop either.
 */
export async function jsonLengthInSlices<T extends object>(
  value: T,
  keys: readonly (keyof T & string)[],
): Promise<number> {
  let length = 0;
  for await (const slice of jsonSlices(value, keys)) length += slice.length;
  return length;
}
