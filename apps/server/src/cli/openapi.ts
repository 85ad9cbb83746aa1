// `npm run openapi` writes docs/openapi.json from the routes' zod contracts; `-- --check` fails when
// the committed document differs from what the code would generate, so the two never drift.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { createDatabase } from '../db/database';
import type { ISearchIndex } from '../modules/search/search';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/openapi.json');
const isCheck = process.argv.includes('--check');

// The pool never connects: generating the document only needs the routes. An external issuer keeps
// the embedded identity provider (whose pages are not part of the API) from reading its keys.
const database = createDatabase({ url: 'postgres://openapi@127.0.0.1:1/none' });
const config = loadConfig({ OIDC_ISSUER: 'https://issuer.invalid/realms/dsRealm', SANDBOX_CONNECTORS: 'false' });
// Nothing is searched either: an index that refuses every use stands in for one built from a catalogue.
const unused = async (): Promise<never> => {
  throw new Error('generating the API document searches nothing');
};
const searchIndex: ISearchIndex = {
  search: unused,
  suggest: unused,
  catchUp: async () => {},
  refresh: async () => {},
  rebuild: unused,
  close: async () => {},
};
const app = await buildApp({ config, database, searchIndex, logger: false, webDistDir: '/nonexistent' });
await app.ready();
const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await database.close();

if (isCheck) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // A missing document counts as drift.
  }
  if (committed !== document) {
    process.stderr.write('docs/openapi.json is out of date: run `npm run openapi` and commit it.\n');
    process.exit(1);
  }
  process.stdout.write('docs/openapi.json is current.\n');
} else {
  writeFileSync(target, document);
  process.stdout.write(`Wrote ${path.relative(process.cwd(), target)}\n`);
}
