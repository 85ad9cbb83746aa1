/** A JSON answer as the server sends it (no body for 204). */
export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The server's 404 error body, for a route or a resource a test's fake server does not know. */
export const notFound = (message = 'no such route') =>
  json(404, { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message });

/** The reason phrases of the statuses the tests answer with. */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The server's error body (the status's reason phrase as `error`), with the fields a validation error names. */
export const errorAnswer = (
  status: number,
  code: string,
  message: string,
  issues?: readonly { path: string; message: string }[],
) => json(status, { statusCode: status, code, error: REASONS[status], message, ...(issues ? { issues } : {}) });
