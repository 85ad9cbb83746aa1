import { z } from 'zod';
import { LICENCE_LIST_ROUTE, NO_CONTROL_CHARACTERS } from './catalogue';
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

export const licenceListEndpoint = licencesApi(LICENCE_LIST_ROUTE, {
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
