import type pg from 'pg';

/** The name each prepared statement's text is prepared under, on every connection that runs it. */
const nameByText = new Map<string, string>();

/**
 * Marks a statement as prepared and answers its text: each connection of the pools that runs this text parses and
 * plans it once, under a name of its own, and afterwards only binds and executes it (PostgreSQL keeps a generic
 * plan after five runs). For statements run on every request whose planning costs PostgreSQL as much as running
 * them; the text must be the same on every run (values as parameters only). Statements are kept per connection, so
 * a pooler that hands a session's statements to another (PgBouncer in transaction mode) cannot sit in between.
 */
export function preparedStatement(text: string): string {
  if (!nameByText.has(text)) nameByText.set(text, `dsm_prepared_${nameByText.size + 1}`);
  return text;
}

/**
 * Has a pool's new connection run the prepared statements' texts by name: Kysely hands `query` a text and values,
 * which pg runs unnamed (parsed and planned again each time).
 */
export function runPreparedStatementsByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length === 2 ? nameByText.get(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  }) as typeof client.query;
}
