// `npm run idp -- rotate-keys | keys [--database-url URL]`: manages the embedded identity
// provider's signing keys in the database the server uses (DATABASE_URL, else the embedded
// PostgreSQL in DATA_DIR, also while the server runs). Running servers pick up a rotation by
// themselves within a minute. Bad arguments exit with 2, failures with 1.

import type { TConfig } from '../config/config';
import { rotateSigningKeys } from '../idp/keys';
import { DATABASE_TOOL_OPTIONS, databaseUrlOption, withCliDatabase } from './cli-database';
import { parseCliArgs, printLine, runCliTool, UsageError } from './cli-tool';

const USAGE = `Usage: npm run idp -- <command> [--database-url URL]

Commands:
  rotate-keys   create a new signing key and retire the others; running servers switch to it
                within a minute, and retired keys stay published for 24 hours so tokens signed
                just before keep verifying until they expire
  keys          list the signing keys: id, created, retired

  --database-url URL  PostgreSQL to use (default: DATABASE_URL, else the embedded one in DATA_DIR)`;

type TCommand = { name: 'rotate-keys' | 'keys'; databaseUrl: string | undefined };

function parseCommand(argv: string[]): TCommand | 'help' {
  const parsed = parseCliArgs({
    args: argv,
    allowPositionals: true,
    options: DATABASE_TOOL_OPTIONS,
  });
  if (parsed.values.help) return 'help';
  const [name, ...rest] = parsed.positionals;
  if (name !== 'rotate-keys' && name !== 'keys') throw new UsageError(name ? `Unknown command: ${name}` : 'No command');
  if (rest.length > 0) throw new UsageError(`Unexpected argument: ${rest[0]}`);
  return { name, databaseUrl: databaseUrlOption(parsed.values['database-url']) };
}

async function run(command: TCommand, config: TConfig): Promise<number> {
  if (!config.isEmbeddedIdp) {
    process.stderr.write('OIDC_ISSUER is set: keys belong to the external identity provider, not to this database.\n');
    return 2;
  }
  const options = { config, databaseUrl: command.databaseUrl, maxConnections: 2, applicationName: 'dsm-idp' };
  await withCliDatabase(options, async ({ db }) => {
    if (command.name === 'rotate-keys') {
      const kid = await rotateSigningKeys(db);
      printLine(`New signing key ${kid}.`);
      printLine('Running servers sign with it within a minute; the previous keys stay published for 24 hours.');
      return;
    }
    const keys = await db
      .selectFrom('idp_keys')
      .select(['id', 'created_at', 'retired_at'])
      .where('purpose', '=', 'signing')
      .orderBy('created_at', 'desc')
      .execute();
    if (keys.length === 0) printLine('No signing keys yet: the server creates one at its first start.');
    for (const key of keys) {
      // created_at is Generated<Timestamp> in the schema, which Kysely does not unwrap on select.
      const retired = key.retired_at ? `retired ${key.retired_at.toISOString()}` : 'active';
      printLine(`${key.id}  created ${(key.created_at as unknown as Date).toISOString()}  ${retired}`);
    }
  });
  return 0;
}

runCliTool({ usage: USAGE, parse: parseCommand, run, failure: 'Failed' });
