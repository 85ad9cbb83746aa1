// The harvest benchmarks' inputs: the two fixture catalogues of ../shared/fixtures/catalog, as they are or
// written `times` over with identifiers of their own, and the CPU time of an embedded PostgreSQL cluster.
import { once } from 'node:events';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** `SHARED_FIXTURES_DIR`: the fixture catalogues' folder, for a checkout that is not beside `shared`. */
export const fixtures = process.env.SHARED_FIXTURES_DIR ?? path.resolve(root, '..', 'shared', 'fixtures', 'catalog');
export const DCAT_US_FIXTURE = path.join(fixtures, 'cdc.gov.data.json.gz');
export const CKAN_JSONL_FIXTURE = path.join(fixtures, 'depositar-datasets.jsonl.gz');

/** Writes a JSON lines file holding the depositar packages `copies` times, each copy with new ids. */
export async function writeCkanCopies(file: string, times: number): Promise<number> {
  const lines = gunzipSync(readFileSync(CKAN_JSONL_FIXTURE)).toString('utf8').split('\n').filter(Boolean);
  const out = createWriteStream(file);
  for (let copy = 0; copy < times; copy++) {
    for (const line of lines) {
      const record = JSON.parse(line);
      record.id = `${record.id}-${copy}`;
      if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'finish');
  return lines.length * times;
}

/** Writes a data.json holding the data.cdc.gov datasets `copies` times, each copy with new identifiers. */
export async function writeDcatUsCopies(file: string, times: number): Promise<number> {
  const catalog = JSON.parse(gunzipSync(readFileSync(DCAT_US_FIXTURE)).toString('utf8'));
  const out = createWriteStream(file);
  out.write('{"@type":"dcat:Catalog","dataset":[');
  let first = true;
  for (let copy = 0; copy < times; copy++) {
    for (const dataset of catalog.dataset) {
      const text = JSON.stringify({ ...dataset, identifier: `${dataset.identifier}-${copy}` });
      if (!out.write(`${first ? '' : ','}${text}`)) await once(out, 'drain');
      first = false;
    }
  }
  out.end(']}');
  await once(out, 'finish');
  return catalog.dataset.length * times;
}

/** CPU seconds used so far by the processes of the PostgreSQL cluster in `dataDir` (Linux; null elsewhere). */
export function postgresCpuSeconds(dataDir: string): number | null {
  try {
    const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const ticks = 100; // USER_HZ on Linux
    let total = 0;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // utime and stime; for the postmaster also cutime and cstime: the backends that have ended.
        if (Number(pid) === postmaster)
          total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
        else if (Number(fields[1]) === postmaster) total += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The process ended while being read.
      }
    }
    return total / ticks;
  } catch {
    return null;
  }
}
