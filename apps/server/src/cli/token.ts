// `npm run token -- --email buyer@example.com [--password P] [--url URL] [--json]`: signs in at
// the embedded identity provider through its real sign-in form and prints an access token, for
// scripts, benchmarks and API calls (`curl -H "Authorization: Bearer $(npm run -s token -- ...)"`).
// The demo users' passwords are the default. Bad arguments exit with 2, failures with 1.
import { ConfigError, loadConfig } from '../config/config';
import { LoginError, loginWithPassword } from '../idp/login-with-password';
import { DEMO_USERS } from '../modules/users/demo-users';
import { parseCliArgs, UsageError } from './cli-tool';

const USAGE = `Usage: npm run token -- --email EMAIL [--password PASSWORD] [--url URL] [--json]

  --email EMAIL        the account to sign in with, e.g. buyer@example.com
  --password PASSWORD  its password (default: the demo user's password)
  --url URL            where the server runs (default: PUBLIC_URL, else http://localhost:PORT)
  --json               print the whole token set (access, refresh and ID token) as JSON`;

function parseTokenArguments(argv: string[]) {
  const { values } = parseCliArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      url: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help' as const;
  const email = typeof values.email === 'string' ? values.email : '';
  if (!email) throw new UsageError('--email is required');
  const demo = DEMO_USERS.find((user) => user.email === email.toLowerCase());
  const password = typeof values.password === 'string' ? values.password : demo?.password;
  if (!password) throw new UsageError(`--password is required: ${email} is not a demo user`);
  const url = typeof values.url === 'string' ? values.url : undefined;
  if (url !== undefined && !/^https?:\/\/[^/]/.test(url)) throw new UsageError('--url must be an http(s) URL');
  return { email, password, url, isJson: values.json === true };
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parseTokenArguments>;
  let baseUrl: string;
  try {
    args = parseTokenArguments(process.argv.slice(2));
    if (args === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return;
    }
    const config = loadConfig();
    if (!config.isEmbeddedIdp && !args.url) {
      throw new UsageError('OIDC_ISSUER is set: get tokens from that provider (or pass --url of an embedded one)');
    }
    baseUrl = args.url ?? config.publicUrl;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n${error instanceof UsageError ? `${USAGE}\n` : ''}`);
      process.exit(2);
    }
    throw error;
  }
  const tokens = await loginWithPassword({ baseUrl, email: args.email, password: args.password, uiLocales: 'en' });
  process.stdout.write(`${args.isJson ? JSON.stringify(tokens, null, 2) : tokens.accessToken}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const reason =
      error instanceof LoginError
        ? `${error.message} (HTTP ${error.status})`
        : error instanceof Error
          ? `${error.message}${(error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED' ? ': is the server running?' : ''}`
          : String(error);
    process.stderr.write(`Could not get a token: ${reason}\n`);
    process.exit(1);
  },
);
