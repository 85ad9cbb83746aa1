import { z } from 'zod';
import { NO_CONTROL_CHARACTERS } from './catalogue';
import { endpointGroup } from './endpoint';

const licencesApi = endpointGroup('licences');

/** A licence catalogue entry: `mappings` are the alternative names and URLs publishers write for it. */
export const ZLicence = z.object({
  licenceId: z.string(),
  licenceTitle: z.string(),
  licenceUrl: z.string(),
  mappings: z.array(z.string()),
});
export type TLicence = z.infer<typeof ZLicence>;

export const ZLicenceListResponse = z.array(ZLicence);
export type TLicenceListResponse = z.infer<typeof ZLicenceListResponse>;

/** Shown where a licence text matches no catalogue entry. */
export const UNKNOWN_LICENCE_LABEL = 'n/a';

/** Lower-cases, drops the URL scheme, `www.`, trailing slashes and surrounding space, so spellings compare equal. */
export function normaliseLicenceText(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '')
    .replace(/\s+/g, ' ');
}

/** Every normalised name of every licence, built once per catalogue: cards match thousands of texts. */
const indexes = new WeakMap<readonly TLicence[], Map<string, TLicence>>();

function indexOf(licences: readonly TLicence[]): Map<string, TLicence> {
  let index = indexes.get(licences);
  if (!index) {
    index = new Map();
    for (const licence of licences) {
      for (const name of [licence.licenceId, licence.licenceTitle, licence.licenceUrl, ...licence.mappings]) {
        const key = name ? normaliseLicenceText(name) : '';
        // The first licence naming a text wins.
        if (key && !index.has(key)) index.set(key, licence);
      }
    }
    indexes.set(licences, index);
  }
  return index;
}

/**
 * Finds the catalogue licence a publisher's licence text stands for, comparing it with each entry's
 * id, title, URL and mappings; null when none matches (shown as 'n/a').
 */
export function matchLicence(text: string | null | undefined, licences: readonly TLicence[]): TLicence | null {
  if (!text) return null;
  const wanted = normaliseLicenceText(text);
  if (!wanted) return null;
  return indexOf(licences).get(wanted) ?? null;
}

/**
 * The one name a licence text is shown by, wherever the web or a document of the server names a
 * licence (result cards, the endpoints table, the terms of use): the catalogue title it stands for,
 * 'n/a' when it matches none. Never the raw id or URI the publisher wrote.
 */
export function licenceLabelOf(text: string | null | undefined, licences: readonly TLicence[]): string {
  return matchLicence(text, licences)?.licenceTitle || UNKNOWN_LICENCE_LABEL;
}

/**
 * `POST /api/licence`: a licence of the supplier's own. The id and the title must be new (compared
 * without case); the URL must be an http(s) URL.
 */
export const ZLicenceCreateRequest = z
  .object({
    licenceId: z
      .string({ message: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(100, 'is too long')
      // \s and the control characters: a licence id is one printable word.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
      .regex(/^[^\s\u0000-\u001f\u007f]+$/, 'must not contain spaces or control characters'),
    licenceTitle: z
      .string({ message: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(300, 'is too long')
      .regex(NO_CONTROL_CHARACTERS, 'must not contain control characters'),
    licenceUrl: z
      .string({ message: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(2000, 'is too long')
      .regex(NO_CONTROL_CHARACTERS, 'must not contain control characters')
      .pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' })),
  })
  .strict();
export type TLicenceCreateRequest = z.infer<typeof ZLicenceCreateRequest>;

export const licenceListEndpoint = licencesApi('GET /api/licence', {
  answer: ZLicenceListResponse,
  summary: 'The licence catalogue, with the alternative names each licence is matched by',
  errors: [],
});

export const licenceCreateEndpoint = licencesApi('POST /api/licence', {
  body: ZLicenceCreateRequest,
  answer: ZLicence,
  status: 201,
  summary: "Add a licence of the supplier's own (the wizard's 'Add your own Licence')",
  description:
    'The id and the title must not name a licence of the catalogue yet (compared without case, also against the alternative names); the URL must be an http(s) URL.',
  errors: [400, 409],
});
