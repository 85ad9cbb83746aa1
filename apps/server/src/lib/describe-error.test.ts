import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error';

describe('describeError', () => {
  it("gives the message and code of pg-boss's plain error objects, not [object Object]", () => {
    const cause = Object.assign(new Error('the database system is shutting down'), { code: '57P03' });
    // As pg-boss's workers emit it.
    const emitted = { ...cause, message: cause.message, stack: cause.stack, queue: 'link-check', worker: 'w1' };
    expect(describeError(emitted)).toBe('the database system is shutting down (code 57P03)');
  });

  it('gives the message and system code of a connection error', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(describeError(refused)).toBe('connect ECONNREFUSED 127.0.0.1:5432 (code ECONNREFUSED)');
  });

  it('gives the message alone when there is no code, and text for what is not an object', () => {
    expect(describeError(new Error('boom'))).toBe('boom');
    expect(describeError('plain text')).toBe('plain text');
    expect(describeError({ reason: 'no message' })).toBe('{"reason":"no message"}');
  });
});
