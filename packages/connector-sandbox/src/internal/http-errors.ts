/** One entry of an EDC error answer (the Management API's `ApiErrorDetail`). */
export interface ErrorDetail {
  message: string;
  type: string;
  /** The field at fault. */
  path?: string;
  /** The value found there, as text, when there was one. */
  invalidValue?: string;
}

/** An error answered as EDC does: a status and a list of `{ message, type, path, invalidValue }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: string,
    message: string,
    readonly path?: string,
  ) {
    super(message);
  }

  body(): ErrorDetail[] {
    return [{ message: this.message, type: this.type, ...(this.path === undefined ? {} : { path: this.path }) }];
  }
}

/** A 400 naming every problem of a request at once, as EDC's validators do, each with its path and value. */
export class ValidationError extends HttpError {
  constructor(readonly problems: { message: string; path?: string; invalidValue?: unknown }[]) {
    super(400, 'ValidationFailure', problems.map((problem) => problem.message).join('; '));
  }

  override body(): ErrorDetail[] {
    return this.problems.map((problem) => ({
      message: problem.message,
      type: this.type,
      ...(problem.path === undefined ? {} : { path: problem.path }),
      ...(problem.invalidValue === undefined ? {} : { invalidValue: asText(problem.invalidValue) }),
    }));
  }
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Gathers the problems of one request so its 400 lists them all: each check runs through `run`, which keeps a
 * ValidationError instead of throwing it, and `done` throws them together.
 */
export class Checks {
  private readonly problems: ValidationError['problems'] = [];

  /** The check's result, or undefined when it failed (its problems are kept). */
  run<T>(check: () => T): T | undefined {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      this.problems.push(...error.problems);
      return undefined;
    }
  }

  /** Records a problem found without a check. */
  add(message: string, path?: string, invalidValue?: unknown): void {
    this.problems.push({ message, path, invalidValue });
  }

  /** Throws every problem found so far as one 400. */
  done(): void {
    if (this.problems.length > 0) throw new ValidationError(this.problems);
  }
}

export const badRequest = (message: string, path?: string, invalidValue?: unknown) =>
  new ValidationError([{ message, path, invalidValue }]);
export const unauthorized = () => new HttpError(401, 'AuthenticationFailed', 'Request could not be authenticated');
export const forbidden = (message: string) => new HttpError(403, 'NotAuthorized', message);
export const notFound = (kind: string, id: string) =>
  new HttpError(404, 'ObjectNotFound', `Object of type ${kind} with ID=${id} was not found`);
export const conflict = (message: string) => new HttpError(409, 'ObjectConflict', message);
export const badGateway = (message: string) => new HttpError(502, 'BadGateway', message);
