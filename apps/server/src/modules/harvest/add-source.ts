import { randomUUID } from 'node:crypto';
import { ErrorCode, type THarvestSource, type THarvestSourceCreateRequest } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findSource, insertSource } from './harvest-repository';
import { presentSource } from './present-source';

/** Registers a harvest source; a name already in use is a conflict. */
export async function addSource(db: TDb, request: THarvestSourceCreateRequest): Promise<THarvestSource> {
  if (await findSource(db, request.name)) {
    throw new AppError(ErrorCode.CONFLICT, `A harvest source named ${request.name} exists already`);
  }
  const id = randomUUID();
  await insertSource(db, {
    id,
    name: request.name,
    location: request.location,
    format: request.format,
    schedule: request.schedule ?? null,
  });
  return presentSource((await findSource(db, id))!);
}
