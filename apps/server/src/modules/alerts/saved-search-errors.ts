import { ErrorCode } from '@dsm/contracts';
import { AppError } from '../../lib/app-error';
import { UNIQUE_VIOLATION } from './saved-searches-repository';

/** The user has a saved search of that name already (409). */
export const duplicateName = (name: string) =>
  new AppError(ErrorCode.CONFLICT, `You have a saved search named "${name}" already`, [
    { path: 'body.name', message: 'must differ from the names of your other saved searches' },
  ]);

/** True for PostgreSQL's unique violation (a name in use). */
export const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;
