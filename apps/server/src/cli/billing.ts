// `npm run billing -- --month YYYY-MM [--database-url URL]`: invoices a finished month's metered usage
// and renews the subscriptions that are due, as the nightly and hourly jobs do, for catching up after
// an outage. Safe to run again: every usage invoice and renewal is billed under a unique key. Works on
// DATABASE_URL, the running server's embedded PostgreSQL, or the embedded one in DATA_DIR. Bad
// arguments and a month that has not ended exit with 2, a failure with 1.
import type { TConfig } from '../config/config';
import { billingMonthOf, formatInvoiceDate, type TBillingMonth } from '../modules/orders/invoice-dates';
import { issueUsageInvoices } from '../modules/orders/issue-usage-invoices';
import { renewSubscriptions } from '../modules/orders/renew-subscriptions';
import { DATABASE_TOOL_OPTIONS, databaseUrlOption, withCliDatabase } from './cli-database';
import { parseCliArgs, printLine, runCliTool, UsageError } from './cli-tool';

const USAGE = `Usage: npm run billing -- --month YYYY-MM [--database-url URL]

Invoices the metered usage (per download, per MB) of a month that has ended, per buyer and supplier,
and renews every subscription whose paid period has ended, as the server's billing jobs do. For
catching up after an outage: the invoices are dated today. What was billed before is not billed again.

  --month YYYY-MM     the calendar month (German time) to invoice, e.g. 2025-03
  --database-url URL  PostgreSQL of the marketplace (default: DATABASE_URL, else the embedded one in DATA_DIR)`;

type TArguments = { month: TBillingMonth; databaseUrl: string | undefined };

/** The calendar month (German time) a `YYYY-MM` label names. */
function monthOf(label: string): TBillingMonth {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(label);
  if (!match) throw new UsageError(`--month must be a month as YYYY-MM, such as 2025-03 (got "${label}")`);
  // The middle of the month in UTC lies inside the same month in German time.
  return billingMonthOf(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15)));
}

function parseArguments(argv: string[]): TArguments | 'help' {
  const parsed = parseCliArgs({
    args: argv,
    options: { month: { type: 'string' }, ...DATABASE_TOOL_OPTIONS },
  });
  if (parsed.values.help) return 'help';
  if (typeof parsed.values.month !== 'string') throw new UsageError('--month is required');
  return { month: monthOf(parsed.values.month), databaseUrl: databaseUrlOption(parsed.values['database-url']) };
}

async function bill(args: TArguments, config: TConfig): Promise<number> {
  if (args.month.to > new Date()) {
    process.stderr.write(
      `${args.month.label} has not ended yet: its usage can be invoiced from ${formatInvoiceDate(args.month.to)} on, and the server's nightly job does so by itself.\n`,
    );
    return 2;
  }
  const failures: string[] = [];
  const logFailure = (line: string) => {
    failures.push(line);
    process.stderr.write(`${line}\n`);
  };
  const options = { config, databaseUrl: args.databaseUrl, maxConnections: 2, applicationName: 'dsm-billing' };
  return withCliDatabase(options, async (database, cli) => {
    // One clock for both: the date every invoice of this run carries.
    const now = new Date();
    const billing = { db: database.db, now, commissionRate: config.commissionRate, log: logFailure };
    const renewed = await renewSubscriptions(billing);
    printLine(`Renewed ${renewed.length} subscription${renewed.length === 1 ? '' : 's'} due by ${now.toISOString()}.`);
    const issued = await issueUsageInvoices({ ...billing, month: args.month });
    printLine(
      `Issued ${issued.length} usage invoice${issued.length === 1 ? '' : 's'} for ${args.month.label} in ${cli.description}` +
        (issued.length === 0 ? ' (nothing left to invoice: no usage, or billed before).' : '.'),
    );
    if (failures.length > 0) {
      process.stderr.write(`${failures.length} could not be billed; run the same command again to retry them.\n`);
      return 1;
    }
    return 0;
  });
}

runCliTool({ usage: USAGE, parse: parseArguments, run: bill, failure: 'Billing failed' });
