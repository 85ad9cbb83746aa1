import { randomUUID } from 'node:crypto';
import { ErrorCode, type THarvestSource, type THarvestSourceCreateRequest } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { filePathOf, harvestLocationProblem, isUrlLocation } from './harvest-location-policy';
import { findSource, insertSource } from './harvest-repository';
import { presentSource } from './present-source';

/**
 * Registers a harvest source; a name already in use is a conflict (409), a location the harvest location policy
 * refuses (a non-public address, a file outside HARVEST_FILE_DIR) a 400 naming the rule. A file is stored with its
 * absolute path.
 */
export async function addSource(db: TDb, request: THarvestSourceCreateRequest): Promise<THarvestSource> {
  const problem = await harvestLocationProblem(request.location);
  if (problem) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, `The harvest source cannot be added: location: ${problem}`, [
      { path: 'body.location', message: problem },
    ]);
  }
  const id = randomUUID();
  const isAdded = await insertSource(db, {
    id,
    name: request.name,
    location: isUrlLocation(request.location) ? request.location : filePathOf(request.location),
    format: request.format,
    schedule: request.schedule ?? null,
  });
  if (!isAdded) throw new AppError(ErrorCode.CONFLICT, `A harvest source named ${request.name} exists already`);
  return presentSource((await findSource(db, id))!);
}
