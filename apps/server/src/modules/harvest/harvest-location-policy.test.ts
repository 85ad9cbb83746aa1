import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configureHarvestLocations,
  HarvestLocationRefused,
  harvestLocationProblem,
  openHarvestFile,
} from './harvest-location-policy';

let folder: string;
let outside: string;

beforeAll(async () => {
  folder = await realpath(await mkdtemp(path.join(os.tmpdir(), 'dsm-locations-inside-')));
  outside = await realpath(await mkdtemp(path.join(os.tmpdir(), 'dsm-locations-outside-')));
  await writeFile(path.join(outside, 'catalog.json'), '{"dataset": []}');
  await symlink(path.join(outside, 'catalog.json'), path.join(folder, 'linked.json'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

async function read(location: string): Promise<string> {
  const handle = await openHarvestFile(location);
  try {
    return (await handle.readFile()).toString('utf8');
  } finally {
    await handle.close();
  }
}

describe('harvest file locations', () => {
  it('lets the command line read any file, following links as before', async () => {
    configureHarvestLocations({ allowedHosts: [], files: 'anywhere' });
    expect(await harvestLocationProblem(path.join(folder, 'linked.json'))).toBeNull();
    expect(await read(path.join(folder, 'linked.json'))).toBe('{"dataset": []}');
  });

  it('reads no file until configured otherwise', async () => {
    configureHarvestLocations({ allowedHosts: [], files: null });
    expect(await harvestLocationProblem(path.join(outside, 'catalog.json'))).toContain('HARVEST_FILE_DIR');
    await expect(read(path.join(outside, 'catalog.json'))).rejects.toBeInstanceOf(HarvestLocationRefused);
  });

  it('reads inside HARVEST_FILE_DIR only, after resolving links and ..', async () => {
    configureHarvestLocations({ allowedHosts: [], files: folder });
    await writeFile(path.join(folder, 'own.json'), '{"dataset": [1]}');
    expect(await harvestLocationProblem('own.json')).toBeNull();
    expect(await read('own.json')).toBe('{"dataset": [1]}');
    expect(await harvestLocationProblem('linked.json')).toContain('is outside HARVEST_FILE_DIR');
    await expect(read('linked.json')).rejects.toThrow(/is outside HARVEST_FILE_DIR/);
    const climbing = path.join('..', path.basename(outside), 'catalog.json');
    expect(await harvestLocationProblem(climbing)).toContain('is outside HARVEST_FILE_DIR');
    expect(await harvestLocationProblem('missing.json')).toContain('does not exist');
    await mkdir(path.join(folder, 'sub'));
    expect(await harvestLocationProblem('sub')).toContain('is not a regular file');
  });
});
