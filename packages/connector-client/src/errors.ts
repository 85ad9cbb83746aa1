/** The kinds of failure the connector client reports; each is one class below. */
export type ConnectorErrorCode =
  | 'BadRequest'
  | 'NotFound'
  | 'Duplicate'
  | 'Unknown'
  | 'Unreachable'
  | 'AddressNotSet'
  | 'MalformedAnswer'
  | 'InvalidInput';

/** One entry of the error list an EDC connector answers with on 4xx. */
export interface ApiErrorDetail {
  /** What went wrong. */
  message?: string;
  /** The error family, for example `ValidationFailure` or `ObjectNotFound`. */
  type?: string;
  /** The JSON path of the offending value. */
  path?: string;
  /** The offending value. */
  invalidValue?: string;
}

/** Extra facts attached to a {@link ConnectorError}. */
export interface ConnectorErrorOptions {
  /** The HTTP status of the answer, when there was one. */
  status?: number;
  /** The body of the failed answer as text. */
  serverText?: string;
  /** The underlying exception (network failure, timeout, JSON parse error). */
  cause?: unknown;
}

/** Base class of every error the connector client throws. */
export class ConnectorError extends Error {
  /** Which kind of failure this is. */
  readonly code: ConnectorErrorCode;
  /** The HTTP status of the answer, when there was one. */
  readonly status: number | undefined;
  /** The body of the failed answer as text ('' when there was none). */
  readonly serverText: string;
  /** The EDC error list parsed from the body, when the body was one. */
  readonly details: ApiErrorDetail[];

  constructor(code: ConnectorErrorCode, message: string, options: ConnectorErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = `${code}Error`;
    this.code = code;
    this.status = options.status;
    this.serverText = options.serverText ?? '';
    this.details = parseDetails(this.serverText);
  }
}

/** The connector answered 400: 'request was malformed: ' plus the server text. */
export class BadRequestError extends ConnectorError {
  constructor(serverText: string, options: ConnectorErrorOptions = {}) {
    super('BadRequest', `request was malformed: ${serverText}`, { status: 400, ...options, serverText });
  }
}

/** The connector answered 404: 'resource not found: ' plus the server text. */
export class NotFoundError extends ConnectorError {
  constructor(serverText: string, options: ConnectorErrorOptions = {}) {
    super('NotFound', `resource not found: ${serverText}`, { status: 404, ...options, serverText });
  }
}

/** The connector answered 409: 'duplicated resource: ' plus the server text. */
export class DuplicateError extends ConnectorError {
  constructor(serverText: string, options: ConnectorErrorOptions = {}) {
    super('Duplicate', `duplicated resource: ${serverText}`, { status: 409, ...options, serverText });
  }
}

/**
 * Any other failure: another failure status (the message is the server text), or a network failure, timeout,
 * abort or unreadable answer (the message is 'something went wrong: ' plus the detail).
 */
export class UnknownError extends ConnectorError {
  constructor(message: string, options: ConnectorErrorOptions = {}) {
    super('Unknown', message, options);
  }
}

/** A value was expected but the answer was a 204 or had an empty body: 'response is never empty'. */
export class UnreachableError extends ConnectorError {
  constructor(options: ConnectorErrorOptions = {}) {
    super('Unreachable', 'response is never empty', options);
  }
}

/**
 * A successful answer that is not what the Management API returns (no list where a list belongs, an object
 * without its `@id`, a health status without its verdict): 'unexpected answer: ' plus what was missing. Reading
 * on would show empty names and ids as if they were data.
 */
export class MalformedAnswerError extends ConnectorError {
  constructor(what: string) {
    super('MalformedAnswer', `unexpected answer: ${what}`);
  }
}

/**
 * A call was given a value that cannot be sent, so nothing was sent: an id or query value holding a lone UTF-16
 * surrogate (no URL can carry it), or a header value outside Latin-1. 'invalid input: ' plus what was wrong.
 */
export class InvalidInputError extends ConnectorError {
  constructor(what: string) {
    super('InvalidInput', `invalid input: ${what}`);
  }
}

/** A call needs an address the client was built without: "'{address}' has not been set on the client". */
export class AddressNotSetError extends ConnectorError {
  /** The name of the missing address, for example `management`. */
  readonly address: string;

  constructor(address: string) {
    super('AddressNotSet', `'${address}' has not been set on the client`);
    this.address = address;
  }
}

/** True when `error` was thrown by the connector client. */
export function isConnectorError(error: unknown): error is ConnectorError {
  return error instanceof ConnectorError;
}

function parseDetails(text: string): ApiErrorDetail[] {
  if (!text.startsWith('[') && !text.startsWith('{')) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.filter((item): item is ApiErrorDetail => typeof item === 'object' && item !== null);
  } catch {
    return [];
  }
}
