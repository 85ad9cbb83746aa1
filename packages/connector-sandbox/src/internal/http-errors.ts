/** An error answered as EDC does: a status and a list of `{ message, type }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: string,
    message: string,
    readonly path?: string,
  ) {
    super(message);
  }

  body(): { message: string; type: string; path?: string }[] {
    return [{ message: this.message, type: this.type, ...(this.path === undefined ? {} : { path: this.path }) }];
  }
}

export const badRequest = (message: string, path?: string) => new HttpError(400, 'ValidationFailure', message, path);
export const unauthorized = () => new HttpError(401, 'AuthenticationFailed', 'Request could not be authenticated');
export const forbidden = (message: string) => new HttpError(403, 'NotAuthorized', message);
export const notFound = (kind: string, id: string) =>
  new HttpError(404, 'ObjectNotFound', `Object of type ${kind} with ID=${id} was not found`);
export const conflict = (message: string) => new HttpError(409, 'ObjectConflict', message);
export const badGateway = (message: string) => new HttpError(502, 'BadGateway', message);
