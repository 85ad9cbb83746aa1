import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { THarvestFormat } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { addSource } from '../harvest/add-source';
import { listSources } from '../harvest/list-sources';

/** The harvest source a fresh demo offers on the Harvest page, ready to run. */
export const DEMO_HARVEST_SOURCE: { name: string; file: string; format: THarvestFormat } = {
  name: 'Demo: CDC open data (data.json sample)',
  file: 'cdc-sample.data.json',
  format: 'dcat-us',
};

const SAMPLE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'harvest-sample', DEMO_HARVEST_SOURCE.file);

export type TPrepareDemoHarvestSourceOptions = {
  db: TDb;
  /** The folder file sources are read from (HARVEST_FILE_DIR); the sample catalogue is copied into it. */
  fileDir: string;
};

/**
 * Gives the demo a harvest source that runs out of the box: its own catalogue answers a harvester 401, and file
 * locations need HARVEST_FILE_DIR. Copies a small public-domain catalogue (30 datasets of data.cdc.gov, see
 * harvest-sample/SOURCE.md) into the file folder, and registers it while the database has no harvest source, so a
 * demo with sources of an operator's own is left as it is. True when it registered the source.
 */
export async function prepareDemoHarvestSource(options: TPrepareDemoHarvestSourceOptions): Promise<boolean> {
  await mkdir(options.fileDir, { recursive: true });
  // Copied on every start: the file is the product's, and a demo whose copy went missing can still run it.
  await copyFile(SAMPLE, path.join(options.fileDir, DEMO_HARVEST_SOURCE.file));
  if ((await listSources(options.db)).length > 0) return false;
  await addSource(options.db, {
    name: DEMO_HARVEST_SOURCE.name,
    location: DEMO_HARVEST_SOURCE.file,
    format: DEMO_HARVEST_SOURCE.format,
  });
  return true;
}
