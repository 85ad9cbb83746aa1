import {
  HARVEST_FORMATS,
  type THarvestFormat,
  type THarvestSourceCreateRequest,
  ZHarvestSourceCreateRequest,
} from '@dsm/contracts';

/** What the add-source form holds: text as typed, the format empty until one is chosen. */
export type TSourceFormValues = {
  name: string;
  location: string;
  format: THarvestFormat | '';
  schedule: string;
};

export const EMPTY_SOURCE_FORM: TSourceFormValues = { name: '', location: '', format: '', schedule: '' };

/** A translation key per field that does not fit the contract. */
export type TSourceFormErrors = Partial<Record<keyof TSourceFormValues, string>>;

export type TSourceFormResult = { request: THarvestSourceCreateRequest } | { errors: TSourceFormErrors };

const FIELDS = ['name', 'location', 'format', 'schedule'] as const;

const isField = (key: unknown): key is keyof TSourceFormValues => FIELDS.includes(key as (typeof FIELDS)[number]);

export const isHarvestFormat = (value: string): value is THarvestFormat =>
  (HARVEST_FORMATS as readonly string[]).includes(value);

/**
 * The message key of one failed check. The contract's own messages are English; the form shows its
 * translations, chosen by what failed: a missing value, one too long, or a schedule that is no cron.
 */
function messageKey(field: keyof TSourceFormValues, code: string): string {
  if (field === 'format') return 'harvest.errors.format';
  if (field === 'schedule') return 'harvest.errors.cron';
  return code === 'too_big' ? 'harvest.errors.tooLong' : 'harvest.errors.required';
}

/**
 * Checks the form with the contract's schema, so the browser refuses exactly what the server would.
 * An empty schedule means "on demand only" (null).
 */
export function parseSourceForm(values: TSourceFormValues): TSourceFormResult {
  const schedule = values.schedule.trim();
  const parsed = ZHarvestSourceCreateRequest.safeParse({
    name: values.name,
    location: values.location,
    format: values.format === '' ? undefined : values.format,
    schedule: schedule === '' ? null : schedule,
  });
  if (parsed.success) return { request: parsed.data };
  const errors: TSourceFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field) && errors[field] === undefined) errors[field] = messageKey(field, issue.code);
  }
  return { errors };
}
