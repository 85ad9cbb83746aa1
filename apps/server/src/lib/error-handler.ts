import type { IncomingMessage } from 'node:http';
import { ErrorCode, type TErrorCode, type TErrorResponse } from '@dsm/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, STATUS_OF, type TIssue } from './app-error';

const REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** What a caller reads while PostgreSQL is away; the same for a fast refusal and a failed query. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable; retry in a few seconds';

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: TErrorCode,
  message: string,
  issues?: TIssue[],
): FastifyReply {
  const statusCode = STATUS_OF[code];
  const body: TErrorResponse = {
    statusCode,
    code,
    error: REASON[statusCode] ?? 'Error',
    message,
    ...(issues && issues.length > 0 ? { issues } : {}),
    requestId: request.id,
  };
  // A rate limit knows when its window ends and sets Retry-After itself; 5 s is the fallback.
  if ((statusCode === 503 || statusCode === 429) && !reply.hasHeader('retry-after')) reply.header('Retry-After', '5');
  return reply.status(statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * A page in place of the common error body, for a browser that opened a page the API side serves (the sign-in's):
 * its status, headers and HTML, or undefined where the common body is the answer. Handed to `registerErrorHandler`
 * by whoever serves such pages, so this module knows none of them.
 */
export type TErrorPageRenderer = (
  request: FastifyRequest,
) => { headers: Record<string, string>; body: string } | undefined;

declare module 'fastify' {
  interface FastifyInstance {
    /** The 503 page for browsers while PostgreSQL is away (see `TErrorPageRenderer`). */
    unavailablePage: TErrorPageRenderer;
  }
}

/**
 * The 503 of a request that needs PostgreSQL while it is away: the common error body, or for a
 * browser on a page whose renderer was handed to the error handler, that page.
 */
export function sendDatabaseUnavailable(reply: FastifyReply, request: FastifyRequest): FastifyReply {
  const page = request.server.unavailablePage(request);
  if (page === undefined) {
    return sendError(reply, request, ErrorCode.SERVICE_UNAVAILABLE, DATABASE_UNAVAILABLE_MESSAGE);
  }
  return reply.status(503).headers(page.headers).send(page.body);
}

/** Paths the API, the API gateway and the identity provider answer; every other path is a page of the web app. */
export const isApiPath = (url: string): boolean =>
  url.startsWith('/api') || url.startsWith('/idp') || url.startsWith('/idp-service') || url.startsWith('/gateway');

/** What the router could not take apart about a request's URL, kept on the request it is routed on as. */
export type TUnusableUrl = {
  /** Why, in the words of the 400 the API answers. */
  message: string;
  /** A browser asking for a page of the web app (GET or HEAD outside the API's paths). */
  isPage: boolean;
};

/**
 * Where a request whose URL the router cannot take apart is routed instead: a path no route, file or page has, so
 * the not-found handler answers it (see `unusableUrlOf`).
 */
export const UNUSABLE_URL_PATH = '/.unusable-url';

const UNUSABLE_URL = Symbol('unusable url');
type TMarkedRequest = IncomingMessage & { [UNUSABLE_URL]?: TUnusableUrl };

/**
 * Fastify's `frameworkErrors`: a URL the router cannot take apart (broken percent-encoding, a path parameter over
 * maxParamLength, 100 characters) never reaches a route, a hook or the error handler, and Fastify would answer it
 * with a body of its own shape and none of the usual headers. So the request is routed again at a fixed address,
 * marked with what was wrong, and answered by the not-found handler through every hook like any other request: the
 * API with its JSON 400, a page address (an old or hand-edited link such as /offer/details/%ZZ) with the web app,
 * which says in the user's words that there is nothing there. Nothing of the broken address is sent back: a
 * redirect built from it would send the browser to another host for `//evil.example/%ZZ` or `/\evil.example/%ZZ`.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw as TMarkedRequest;
  raw[UNUSABLE_URL] = {
    message:
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'A path parameter is longer than 100 characters'
        : 'The URL is not valid: check its percent-encoding',
    isPage: (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url),
  };
  raw.url = UNUSABLE_URL_PATH;
  request.server.routing(raw, reply.raw);
}

/** What was wrong with the URL of a request `handleFrameworkError` routed again; null for every other request. */
export function unusableUrlOf(request: FastifyRequest): TUnusableUrl | null {
  return (request.raw as TMarkedRequest)[UNUSABLE_URL] ?? null;
}

const CANNOT_STORE = 'The request holds a character the database cannot store, such as a NUL';

/**
 * PostgreSQL's refusals of a value (SQLSTATE class 22) that only input can cause: a NUL or another
 * character it cannot store, text longer than its column, a number out of range, text of the wrong
 * type. A contract that let such a value through still answers the caller 400, never 500.
 */
const DATABASE_INPUT_ERRORS: ReadonlyMap<string, string> = new Map([
  ['22021', CANNOT_STORE],
  ['22P05', CANNOT_STORE],
  ['22001', 'A value of the request is too long'],
  ['22003', 'A number of the request is out of range'],
  ['22P02', 'A value of the request is not of the expected type'],
]);

/** One handler turns every failure into the common error body; nothing leaks a stack trace. */
export function registerErrorHandler(
  app: FastifyInstance,
  options: { unavailablePage?: TErrorPageRenderer } = {},
): void {
  app.decorate('unavailablePage', options.unavailablePage ?? (() => undefined));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, request, error.code, error.message, error.issues);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((item) => {
        const where = String(error.validationContext ?? 'request');
        const rest = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { path: rest ? `${where}.${rest}` : where, message: item.message ?? 'is invalid' };
      });
      const first = issues[0];
      return sendError(
        reply,
        request,
        ErrorCode.VALIDATION_FAILED,
        first ? `${first.path}: ${first.message}` : 'The request is invalid',
        issues,
      );
    }

    const status = error.statusCode ?? 500;
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error instanceof SyntaxError ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      return sendError(reply, request, ErrorCode.MALFORMED_BODY, `The body is not valid JSON: ${error.message}`);
    }
    if (status === 413) return sendError(reply, request, ErrorCode.PAYLOAD_TOO_LARGE, 'The request body is too large');
    if (status === 415) {
      return sendError(reply, request, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send the body as application/json');
    }
    if (status === 404) return sendError(reply, request, ErrorCode.NOT_FOUND, error.message);
    if (status >= 400 && status < 500) return sendError(reply, request, ErrorCode.VALIDATION_FAILED, error.message);

    const inputRefusal = DATABASE_INPUT_ERRORS.get(String(error.code));
    if (inputRefusal) {
      request.log.warn({ err: error }, 'input refused by the database');
      return sendError(reply, request, ErrorCode.VALIDATION_FAILED, inputRefusal);
    }

    // The availability watch confirms with a probe and then refuses requests at once until it returns.
    if (request.server.database.availability.report(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendDatabaseUnavailable(reply, request);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      reply,
      request,
      ErrorCode.INTERNAL,
      'Something went wrong; quote the request id when reporting it',
    );
  });
}
