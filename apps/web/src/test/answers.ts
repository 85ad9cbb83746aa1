/** A JSON answer as the server sends it (no body for 204). */
export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The server's 404 error body, for a route or a resource a test's fake server does not know. */
export const notFound = (message = 'no such route') =>
  json(404, { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message });
