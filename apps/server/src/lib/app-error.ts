import { ErrorCode, type TErrorCode } from '@dsm/contracts';

export type TIssue = { path: string; message: string };

/** HTTP status of each error code; the one place that maps them. */
export const STATUS_OF: Record<TErrorCode, number> = {
  [ErrorCode.VALIDATION_FAILED]: 400,
  [ErrorCode.MALFORMED_BODY]: 400,
  [ErrorCode.UNAUTHORIZED]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.ORGANISATION_INCOMPLETE]: 409,
  [ErrorCode.OFFER_ALREADY_YOURS]: 409,
  [ErrorCode.OWN_OFFER]: 409,
  [ErrorCode.SELLER_INCOMPLETE]: 409,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.BAD_GATEWAY]: 502,
  [ErrorCode.GATEWAY_TIMEOUT]: 504,
  [ErrorCode.SERVICE_UNAVAILABLE]: 503,
  [ErrorCode.INTERNAL]: 500,
};

/** An error a service throws on purpose; the error handler answers it with its code's status. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly issues: TIssue[] | undefined;

  constructor(code: TErrorCode, message: string, issues?: TIssue[]) {
    super(message);
    this.code = code;
    this.issues = issues;
  }

  get statusCode(): number {
    return STATUS_OF[this.code];
  }
}
