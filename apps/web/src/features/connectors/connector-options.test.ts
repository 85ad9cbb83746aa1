import { describe, expect, it, vi } from 'vitest';
import { connectorOptions, uploadedOfferSearchPath } from './connector-options';

describe('connectorOptions', () => {
  it('uses the last path segment of the URL as the value and the name as the label', () => {
    expect(
      connectorOptions([
        { name: 'Provider sandbox', url: 'http://127.0.0.1:4000/provider' },
        { name: 'Trailing slash', url: 'https://edc.example.org/api/v1/consumer-2/' },
      ]),
    ).toEqual([
      { value: 'provider', label: 'Provider sandbox' },
      { value: 'consumer-2', label: 'Trailing slash' },
    ]);
  });

  it('leaves out and logs a connector whose URL names no id', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(
      connectorOptions([
        { name: 'Root', url: 'https://edc.example.org/' },
        { name: 'Broken', url: 'not a url' },
      ]),
    ).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('uploadedOfferSearchPath', () => {
  it('searches the title as one phrase, without quotes of its own', () => {
    expect(uploadedOfferSearchPath('Air quality "Leipzig", 2024')).toBe(
      '/results?searchText=%22Air+quality+Leipzig+%2C+2024%22',
    );
  });
});
