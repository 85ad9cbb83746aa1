import type { TEndpointCheck } from '@dsm/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { makeTestItem } from '../../test/test-item';
import { endpointFailureText, endpointStatusText } from './endpoint-status-text';

const t = i18next.getFixedT('en');
const check = (overrides: Partial<TEndpointCheck>) => makeTestItem({ checks: [overrides] }).endpointChecks[0]!;

describe('endpointStatusText', () => {
  it("uses the specification's words", () => {
    expect(endpointStatusText(check({ status: 'pending' }), t)).toBe('Pending...');
    expect(endpointStatusText(check({ status: 'online' }), t)).toBe('Online');
    expect(endpointStatusText(check({ status: 'online', byteSize: 1536 }), t)).toBe('Online 1.50 KB');
    expect(endpointStatusText(check({ status: 'offline', httpStatus: 404, failure: 'http-error' }), t)).toBe('Offline');
    expect(endpointStatusText(check({ status: 'missing' }), t)).toBe('Offline');
  });

  it('says why an endpoint is offline', () => {
    expect(endpointFailureText(check({ status: 'offline', httpStatus: 404, failure: 'http-error' }), t)).toBe(
      'HTTP 404',
    );
    expect(endpointFailureText(check({ status: 'offline', failure: 'timeout' }), t)).toBe('No answer in time');
    expect(endpointFailureText(check({ status: 'offline', failure: 'private-address' }), t)).toBe(
      'Address not allowed',
    );
    expect(endpointFailureText(check({ status: 'missing' }), t)).toBe('No link given');
    expect(endpointFailureText(check({ status: 'online' }), t)).toBeNull();
  });
});
