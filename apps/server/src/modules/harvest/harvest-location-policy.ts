import { constants, type Stats } from 'node:fs';
import { type FileHandle, open, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { createOutboundPolicy } from '../../lib/outbound/outbound-policy';

/**
 * Where harvest sources may be read from. A source's location is an http(s) URL or a file path; both come from an
 * operator, and what is read is published into the public catalogue, so without a rule the API could fetch the
 * cloud metadata service or publish /etc/passwd. URLs follow the outbound address policy with
 * HARVEST_ALLOWED_HOSTS; files are read from anywhere by the command line (its user can read them anyway) and by
 * the server only inside HARVEST_FILE_DIR, with symbolic links and `..` resolved first, when the source is added
 * and again whenever it is read.
 */
const policy = createOutboundPolicy({ purpose: 'harvest source', allowSetting: 'HARVEST_ALLOWED_HOSTS' });

type TFileRule = { kind: 'anywhere' } | { kind: 'inside'; folder: string } | { kind: 'none' };

/** Until configured, no file is read: a new entry point must opt in. */
let fileRule: TFileRule = { kind: 'none' };

export type THarvestLocationSettings = {
  /** Hosts that may resolve to loopback, private or link-local addresses (HARVEST_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  /**
   * The files that may be read: 'anywhere' (the command line), a folder (HARVEST_FILE_DIR), or null for none
   * (the server without HARVEST_FILE_DIR).
   */
  files: 'anywhere' | string | null;
};

/** Sets the rules of this process, from the configuration (server) or for the command line. */
export function configureHarvestLocations(settings: THarvestLocationSettings): void {
  policy.setAllowedHosts(settings.allowedHosts);
  fileRule =
    settings.files === 'anywhere'
      ? { kind: 'anywhere' }
      : settings.files === null
        ? { kind: 'none' }
        : { kind: 'inside', folder: path.resolve(settings.files) };
}

/** True for the locations read over HTTP; anything else is a file path. */
export const isUrlLocation = (location: string): boolean => /^https?:\/\//i.test(location);

/** fetch for harvest sources: every connection, redirect hop and DNS answer is checked. */
export const harvestFetch: typeof fetch = (input, init) => policy.fetch(input, init);

/** A file location the rules refuse; the message names the rule and never the file's content. */
export class HarvestLocationRefused extends Error {}

const NO_FILES =
  'file locations are not read by the server unless HARVEST_FILE_DIR names their folder; ' +
  'add the source with `npm run harvest -- add` to harvest it from the command line';

const isInside = (folder: string, file: string): boolean =>
  file.startsWith(folder.endsWith(path.sep) ? folder : `${folder}${path.sep}`);

/** The absolute path a file location names: relative paths are taken inside HARVEST_FILE_DIR when there is one. */
export function filePathOf(location: string): string {
  return fileRule.kind === 'inside' ? path.resolve(fileRule.folder, location) : path.resolve(location);
}

/** Resolves symbolic links and `..` and checks the result against the folder; throws HarvestLocationRefused. */
async function checkedRealPath(location: string): Promise<string> {
  const file = filePathOf(location);
  if (fileRule.kind === 'none') throw new HarvestLocationRefused(NO_FILES);
  if (fileRule.kind === 'anywhere') return file;
  let folder: string;
  try {
    folder = await realpath(fileRule.folder);
  } catch {
    throw new HarvestLocationRefused(`HARVEST_FILE_DIR ${fileRule.folder} does not exist`);
  }
  let real: string;
  try {
    real = await realpath(file);
  } catch {
    throw new HarvestLocationRefused(`file ${file} does not exist or cannot be read`);
  }
  if (!isInside(folder, real)) {
    throw new HarvestLocationRefused(`file ${file} is outside HARVEST_FILE_DIR (${fileRule.folder})`);
  }
  return real;
}

/**
 * Why a location may not be harvested, naming the rule, or null when it may: at add time. The result of `filePathOf`
 * is what should be stored for a file.
 */
export async function harvestLocationProblem(location: string): Promise<string | null> {
  if (isUrlLocation(location)) return policy.problemOf(location);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) return 'must be an http or https URL or a file path';
  try {
    const real = await checkedRealPath(location);
    if (fileRule.kind === 'inside') {
      const handle = await open(real, constants.O_RDONLY);
      const stats: Stats = await handle.stat().finally(() => handle.close());
      if (!stats.isFile()) return `file ${filePathOf(location)} is not a regular file`;
    }
    return null;
  } catch (error) {
    if (error instanceof HarvestLocationRefused) return error.message;
    return `file ${filePathOf(location)} cannot be read`;
  }
}

/**
 * Opens a file location for reading, checking the rule again: the file or a folder on its way may have become a
 * symbolic link since it was added. The opened file itself is checked where the system tells its path (Linux), so
 * a link swapped in between the check and the opening is caught too.
 */
export async function openHarvestFile(location: string): Promise<FileHandle> {
  const real = await checkedRealPath(location);
  if (fileRule.kind !== 'inside') return open(real, constants.O_RDONLY);
  // The real path has no link left; one that appears at its end from now on is not followed.
  const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW);
  const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => null);
  if (opened !== null && !isInside(await realpath(fileRule.folder), opened)) {
    await handle.close();
    throw new HarvestLocationRefused(`file ${filePathOf(location)} is outside HARVEST_FILE_DIR (${fileRule.folder})`);
  }
  return handle;
}
