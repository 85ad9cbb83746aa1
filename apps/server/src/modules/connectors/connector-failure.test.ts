import {
  BadRequestError,
  InvalidInputError,
  MalformedAnswerError,
  NotFoundError,
  UnknownError,
  UnreachableError,
} from '@dsm/connector-client';
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
  it('names the registered management address when the connector has one of its own', () => {
    const own = { ...connector, managementUrl: 'https://edc.example.org/api/management' };
    try {
      connectorFailure(new NotFoundError('no route'), own);
    } catch (thrown) {
      expect((thrown as AppError).message).toContain(
        'has no management API at https://edc.example.org/api/management:',
      );
      return;
    }
    throw new Error('connectorFailure returned');
  });

  it('is 400 when the client refused to send an id with a lone surrogate, not 502 or 500', () => {
    const error = failureOf(new InvalidInputError('an id holds a lone surrogate and cannot be put into a URL'));
    expect(error.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(error.message).toBe('invalid input: an id holds a lone surrogate and cannot be put into a URL');
  });

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

  it('is 504 naming the limit when the connector does not answer in time', () => {
    const reason = Object.assign(new Error('timed out after 10000 ms'), { name: 'TimeoutError' });
    const error = failureOf(new UnknownError('something went wrong: timed out after 10000 ms', { cause: reason }));
    expect(error.code).toBe(ErrorCode.GATEWAY_TIMEOUT);
    expect(error.message).toBe("The connector 'P' (http://c.example/p) did not answer within 10 s");
  });

  it('is 502 for an answer that is not JSON, or JSON that is no Management API answer', () => {
    const page = failureOf(
      new UnknownError('something went wrong: Unexpected token', { status: 200, cause: new SyntaxError('<') }),
    );
    expect(page.code).toBe(ErrorCode.BAD_GATEWAY);
    expect(page.message).toBe("The connector 'P' (http://c.example/p) answered with something that is not JSON");
    const shape = failureOf(new MalformedAnswerError('a list was expected'));
    expect(shape.code).toBe(ErrorCode.BAD_GATEWAY);
    expect(shape.message).toBe(
      "The connector 'P' (http://c.example/p) answered with JSON that is not a Management API answer: unexpected answer: a list was expected",
    );
  });

  it('rethrows what is not a connector failure', () => {
    const bug = new TypeError('a bug');
    expect(() => connectorFailure(bug, connector)).toThrow(bug);
  });
});
