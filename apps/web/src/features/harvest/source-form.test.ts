import { describe, expect, it } from 'vitest';
import { EMPTY_SOURCE_FORM, parseSourceForm } from './source-form';

const valid = {
  name: 'CDC',
  location: 'https://data.cdc.gov/data.json',
  format: 'dcat-us',
  schedule: '',
} as const;

describe('parseSourceForm', () => {
  it('asks for the name, the location and the format of an empty form, and accepts no schedule', () => {
    expect(parseSourceForm(EMPTY_SOURCE_FORM)).toEqual({
      errors: {
        name: 'harvest.errors.required',
        location: 'harvest.errors.required',
        format: 'harvest.errors.format',
      },
    });
  });

  it('sends an empty schedule as on demand (null) and trims the texts', () => {
    expect(parseSourceForm({ ...valid, name: '  CDC  ', schedule: '   ' })).toEqual({
      request: { name: 'CDC', location: 'https://data.cdc.gov/data.json', format: 'dcat-us', schedule: null },
    });
  });

  it('keeps a five-field cron schedule and refuses one of another shape', () => {
    expect(parseSourceForm({ ...valid, schedule: '0 3 * * 1' })).toMatchObject({ request: { schedule: '0 3 * * 1' } });
    expect(parseSourceForm({ ...valid, schedule: 'daily' })).toEqual({ errors: { schedule: 'harvest.errors.cron' } });
    expect(parseSourceForm({ ...valid, schedule: '0 3 * *' })).toEqual({ errors: { schedule: 'harvest.errors.cron' } });
  });

  it('refuses a name longer than the server takes', () => {
    expect(parseSourceForm({ ...valid, name: 'x'.repeat(201) })).toEqual({
      errors: { name: 'harvest.errors.tooLong' },
    });
  });
});
