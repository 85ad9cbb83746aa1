import { BadRequestError, NotFoundError, UnknownError, UnreachableError } from '@dsm/connector-client';
import { ErrorCode } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { connectorFailure } from './connector-failure';
import type { TConnectorRow } from './connector-repository';

const connector: TConnectorRow = { id: 'p', name: 'P', url: 'http://c.example/p', apiKey: null, isSandbox: false };

function failureOf(error: unknown): AppError {
  try {
    connectorFailure(error, connector);
  } catch (thrown) {
    if (thrown instanceof AppError) return thrown;
    throw thrown;
  }
  throw new Error('connectorFailure returned');
}

describe('connectorFailure', () => {
  it('is 503 when the connector cannot be reached', () => {
    const error = failureOf(new UnknownError('something went wrong: fetch failed', { cause: new Error('x') }));
    expect(error.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
    expect(error.message).toBe(
      "The connector 'P' (http://c.example/p) cannot be reached: something went wrong: fetch failed",
    );
  });

  it('is 502 when it refuses the credentials', () => {
    for (const status of [401, 403]) {
      const error = failureOf(new UnknownError('denied', { status }));
      expect(error.code).toBe(ErrorCode.BAD_GATEWAY);
      expect(error.message).toContain(`refused the marketplace's credentials (HTTP ${status})`);
    }
  });

  it('is 502 for a missing management API, a malformed request, a server failure and an empty answer', () => {
    expect(failureOf(new NotFoundError('no route')).message).toContain(
      'has no management API at http://c.example/p/management',
    );
    for (const error of [
      new BadRequestError('bad'),
      new UnknownError('boom', { status: 500 }),
      new UnreachableError(),
    ]) {
      const failure = failureOf(error);
      expect(failure.code).toBe(ErrorCode.BAD_GATEWAY);
      expect(failure.message).toBe(`The connector 'P' (http://c.example/p) answered with a failure: ${error.message}`);
    }
  });

  it('rethrows what is not a connector failure', () => {
    const bug = new TypeError('a bug');
    expect(() => connectorFailure(bug, connector)).toThrow(bug);
  });
});
