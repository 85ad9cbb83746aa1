// The other traffic of `npm run bench:search -- --mixed`: while the search runs, a running server also answers
// offer detail pages, catalogue exports and orders at steady rates, and harvests a catalogue file one run after
// another. Each kind keeps its latencies and its failures by status; `stop` ends the traffic, waits for what is
// in flight (a harvest run included) and reports the rates achieved.
import { randomUUID } from 'node:crypto';
import { percentile } from './bench-server';

export type TTrafficKind = 'offer detail' | 'export' | 'order' | 'harvest';

export const TRAFFIC_KINDS: readonly TTrafficKind[] = ['offer detail', 'export', 'order', 'harvest'];

/** An offer the detail pages and orders pick from: its id and the publisher an order names as provider. */
export type TMixedOffer = { id: string; providerId: string | null; isSellable: boolean };

export type TMixedTrafficOptions = {
  baseUrl: string;
  /** Requests per second of each kind started on a clock (not waiting for the previous answer). */
  rates: { detail: number; export: number; order: number };
  /** The Authorization header of the buyer: detail pages, exports and orders. */
  buyer: { authorization: string; userId: string };
  /** The Authorization header of an operator: harvest sources are theirs. */
  operatorAuthorization: string;
  offers: readonly TMixedOffer[];
  /** A DCAT-US file inside the server's HARVEST_FILE_DIR; null: no harvest. */
  harvestFile: string | null;
  /** Sources are named `${harvestPrefix}<n>`, so that they can be removed after the run. */
  harvestPrefix: string;
  /** Offers per export page (at most 1000) and the pages there are. */
  exportPageSize: number;
  exportPages: number;
};

type TKindStats = { latencies: number[]; errors: Map<string, number>; skipped: number };

export type TTrafficReport = {
  seconds: number;
  kinds: Map<TTrafficKind, TKindStats>;
  /** Records the harvest runs wrote (created, updated or unchanged) and the seconds they ran. */
  harvest: { runs: number; records: number; seconds: number };
};

/** In flight at most per kind: a server too slow for the rate shows as skipped starts, not as a pile-up. */
const MAX_IN_FLIGHT = 16;
const EXPORT_FORMATS = ['jsonld', 'turtle', 'rdfxml'] as const;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export function startMixedTraffic(options: TMixedTrafficOptions): { stop: () => Promise<TTrafficReport> } {
  const kinds = new Map<TTrafficKind, TKindStats>(
    TRAFFIC_KINDS.map((kind) => [kind, { latencies: [], errors: new Map(), skipped: 0 }]),
  );
  const fail = (kind: TTrafficKind, reason: string) => {
    const errors = kinds.get(kind)!.errors;
    errors.set(reason, (errors.get(reason) ?? 0) + 1);
  };
  const started = performance.now();
  let isRunning = true;
  const pending = new Set<Promise<unknown>>();

  /** One request: its latency when it answered 2xx, else its status (or the error's name) as a failure. */
  const timed = async (kind: TTrafficKind, send: () => Promise<Response>): Promise<Response | null> => {
    const begun = performance.now();
    try {
      const response = await send();
      const body = await response.arrayBuffer();
      if (response.status < 200 || response.status >= 300) {
        fail(
          kind,
          `HTTP ${response.status}${response.status >= 400 ? ` ${new TextDecoder().decode(body).slice(0, 120)}` : ''}`,
        );
        return null;
      }
      kinds.get(kind)!.latencies.push(performance.now() - begun);
      return new Response(body, { status: response.status, headers: response.headers });
    } catch (error) {
      fail(kind, error instanceof Error ? error.name : 'error');
      return null;
    }
  };

  const get = (path: string, authorization: string) => () =>
    fetch(`${options.baseUrl}${path}`, { headers: { authorization } });
  const send =
    (method: string, path: string, authorization: string, body: unknown, headers = {}) =>
    () =>
      fetch(`${options.baseUrl}${path}`, {
        method,
        headers: { authorization, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

  const sellable = options.offers.filter((offer) => offer.isSellable && offer.providerId);
  const requests: Record<Exclude<TTrafficKind, 'harvest'>, () => Promise<unknown>> = {
    'offer detail': () =>
      timed(
        'offer detail',
        get(`/api/metadata/${encodeURIComponent(pick(options.offers).id)}`, options.buyer.authorization),
      ),
    export: () =>
      timed(
        'export',
        get(
          `/api/catalog?page=${1 + Math.floor(Math.random() * options.exportPages)}&pageSize=${options.exportPageSize}&format=${pick(EXPORT_FORMATS)}`,
          options.buyer.authorization,
        ),
      ),
    // The cart's batch lookup, then the order: what the web sends at checkout.
    order: async () => {
      const offer = pick(sellable);
      const id = encodeURIComponent(offer.id);
      const cart = await timed('order', get(`/api/metadata?batchIds=${id}`, options.buyer.authorization));
      if (!cart) return;
      // One row per order: its latency is the payment's.
      kinds.get('order')!.latencies.pop();
      await timed(
        'order',
        send(
          'POST',
          '/idp-service/payment',
          options.buyer.authorization,
          { consumerId: options.buyer.userId, purchasedItems: [{ productId: offer.id, providerId: offer.providerId }] },
          { 'idempotency-key': randomUUID() },
        ),
      );
    },
  };
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Map<TTrafficKind, number>();
  const rateOf = { 'offer detail': options.rates.detail, export: options.rates.export, order: options.rates.order };
  for (const [kind, request] of Object.entries(requests) as [
    Exclude<TTrafficKind, 'harvest'>,
    () => Promise<unknown>,
  ][]) {
    const rate = rateOf[kind];
    if (rate <= 0 || (kind === 'order' && sellable.length === 0)) continue;
    const fire = () => {
      if ((inFlight.get(kind) ?? 0) >= MAX_IN_FLIGHT) {
        kinds.get(kind)!.skipped++;
        return;
      }
      inFlight.set(kind, (inFlight.get(kind) ?? 0) + 1);
      const done = request().finally(() => {
        inFlight.set(kind, (inFlight.get(kind) ?? 0) - 1);
        pending.delete(done);
      });
      pending.add(done);
    };
    timers.push(setInterval(fire, 1000 / rate));
  }

  // One harvest after the other, each of a source of its own so that every run writes new offers.
  const harvest = { runs: 0, records: 0, seconds: 0 };
  const harvesting = (async () => {
    if (!options.harvestFile) return;
    for (let n = 0; isRunning; n++) {
      const added = await timed(
        'harvest',
        send('POST', '/api/harvest/sources', options.operatorAuthorization, {
          name: `${options.harvestPrefix}${n}`,
          location: options.harvestFile,
          format: 'dcat-us',
        }),
      );
      if (!added) return;
      const { id } = (await added.json()) as { id: string };
      kinds.get('harvest')!.latencies.pop();
      const begun = performance.now();
      const run = await timed(
        'harvest',
        send('POST', `/api/harvest/sources/${id}/run`, options.operatorAuthorization, {}),
      );
      if (!run) return;
      const answer = (await run.json()) as { status: string; counts: Record<string, number> };
      if (answer.status !== 'succeeded') fail('harvest', `run ${answer.status}`);
      harvest.runs++;
      harvest.seconds += (performance.now() - begun) / 1000;
      harvest.records += (answer.counts.created ?? 0) + (answer.counts.updated ?? 0) + (answer.counts.unchanged ?? 0);
    }
  })();

  return {
    stop: async () => {
      isRunning = false;
      for (const timer of timers) clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      await Promise.all([...pending]);
      await harvesting;
      return { seconds, kinds, harvest };
    },
  };
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

/** The traffic table: per kind, requests answered and their rate, latency, failures by reason, starts skipped. */
export function trafficTable(report: TTrafficReport): string[] {
  const lines = [
    '| kind | answered | per second | p50 ms | p99 ms | errors | starts skipped (16 in flight) |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [kind, stats] of report.kinds) {
    const sorted = [...stats.latencies].sort((a, b) => a - b);
    const errors = [...stats.errors.values()].reduce((a, b) => a + b, 0);
    const reasons = [...stats.errors.entries()].map(([reason, n]) => `${n}× ${reason}`).join('; ');
    lines.push(
      `| ${kind} | ${sorted.length} | ${(sorted.length / report.seconds).toFixed(2)} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 99))} | ${errors}${reasons ? ` (${reasons})` : ''} | ${stats.skipped} |`,
    );
  }
  const { harvest } = report;
  lines.push(
    '',
    `Harvest: ${harvest.runs} run(s), ${harvest.records.toLocaleString('en-US')} records in ${harvest.seconds.toFixed(1)} s of running (${harvest.seconds > 0 ? Math.round(harvest.records / harvest.seconds).toLocaleString('en-US') : 'n/a'} records/s); the harvest row's latency is a whole run`,
  );
  return lines;
}
