import { z } from 'zod';

/** Every error the API answers with, each mapped to one HTTP status by the server's error handler. */
export const ErrorCode = {
  /** A body, query string, path parameter or header failed its schema (400). */
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  /** The body was not valid JSON (400). */
  MALFORMED_BODY: 'MALFORMED_BODY',
  /** No credentials, or credentials that did not verify (401). */
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** Authenticated, but the role or ownership the route needs is missing (403). */
  FORBIDDEN: 'FORBIDDEN',
  /** The addressed resource does not exist (404). */
  NOT_FOUND: 'NOT_FOUND',
  /** The resource exists already or the change conflicts with its state (409). */
  CONFLICT: 'CONFLICT',
  /**
   * The signed-in user's organisation profile lacks what the step needs: any organisation to check
   * out, the VAT ID and bank account to publish a paid offer (409). The issues name the fields.
   */
  ORGANISATION_INCOMPLETE: 'ORGANISATION_INCOMPLETE',
  /**
   * Checkout of an offer the buyer holds already: a purchase not ended, a running subscription
   * (also one cancelled whose paid period runs), or a free acquisition (409). The issues name the items.
   */
  OFFER_ALREADY_YOURS: 'OFFER_ALREADY_YOURS',
  /** Checkout of an offer the buyer's organisation sells, or the buyer published (409). The issues name the items. */
  OWN_OFFER: 'OWN_OFFER',
  /**
   * Checkout of a paid offer whose publisher no organisation with a complete invoice profile (name,
   * address, VAT ID, bank account) sells for: its invoice could not be issued or paid (409).
   */
  SELLER_INCOMPLETE: 'SELLER_INCOMPLETE',
  /** The body is larger than the server accepts (413). */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** The body's content type is not one the route reads (415). */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** Too many requests from this client; see Retry-After (429). */
  RATE_LIMITED: 'RATE_LIMITED',
  /** A connector or another upstream service answered with a failure or in a form not understood (502). */
  BAD_GATEWAY: 'BAD_GATEWAY',
  /** A connector or another upstream service did not answer within its time limit (504). */
  GATEWAY_TIMEOUT: 'GATEWAY_TIMEOUT',
  /** The database or another dependency is unavailable; retry after Retry-After (503). */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** An unexpected failure; the request id in the body finds it in the logs (500). */
  INTERNAL: 'INTERNAL',
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ZErrorIssue = z.object({
  /** Where the problem is, for example `body.filter.minPrice` or `query.query`. */
  path: z.string(),
  message: z.string(),
});

/** The one shape of every 4xx and 5xx body. */
export const ZErrorResponse = z.object({
  statusCode: z.number().int(),
  code: z.enum(Object.values(ErrorCode) as [TErrorCode, ...TErrorCode[]]),
  error: z.string(),
  message: z.string(),
  issues: z.array(ZErrorIssue).optional(),
  requestId: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
