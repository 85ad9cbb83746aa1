// The comparison's Markdown tables.
import type { TQueryClass } from '../lib/query-log';
import { QUERY_CLASSES } from '../lib/query-log';
import type { TEngineRun } from './run-engine';

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const mb = (value: number | undefined) => (value === undefined ? '' : `${value.toFixed(0)}`);
const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');

const memory = (own: number, server: number | undefined) =>
  server === undefined ? `${mb(own)} MiB` : `${mb(own)} + ${mb(server)} MiB`;

/** The main table: one row per engine mode. */
export function comparisonTable(runs: TEngineRun[]): string {
  const lines = [
    '| engine | offers | build | on disk | RSS after build | RSS after queries | 1 thread p50 / p99 (ms) | 8 concurrent: q/s, p50 / p99 (ms) | no result | exact-title hit@10 | load avg start → end |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const run of runs) {
    for (const mode of run.modes) {
      const errors = mode.single.errors + mode.concurrent.errors;
      lines.push(
        `| ${mode.label}${errors > 0 ? ` (${errors} errors)` : ''} | ${run.datasets.toLocaleString('en-US')} | ` +
          `${run.buildSeconds.toFixed(0)} s | ${(run.bytesOnDisk / 2 ** 20).toFixed(0)} MiB | ` +
          `${memory(run.rssAfterBuildMb, run.serverRssAfterBuildMb)} | ` +
          `${memory(run.rssAfterQueriesMb, run.serverRssAfterQueriesMb)} | ` +
          `${ms(mode.single.p50)} / ${ms(mode.single.p99)} | ` +
          `${mode.concurrent.perSecond.toFixed(0)}, ${ms(mode.concurrent.p50)} / ${ms(mode.concurrent.p99)} | ` +
          `${(mode.single.zeroShare * 100).toFixed(1)} % | ` +
          `${(mode.hitAt10.share * 100).toFixed(1)} % | ${loads(run.loadBefore)} → ${loads(run.loadAfter)} |`,
      );
    }
  }
  return lines.join('\n');
}

/** Single-thread p50 / p99 per query class, and each class's share of queries without a result. */
export function classTable(runs: TEngineRun[]): string {
  const classes = QUERY_CLASSES as readonly TQueryClass[];
  const lines = [
    `| engine | offers | ${classes.join(' | ')} |`,
    `| --- | ---: | ${classes.map(() => '---:').join(' | ')} |`,
  ];
  for (const run of runs) {
    for (const mode of run.modes) {
      const cells = classes.map((queryClass) => {
        const measured = mode.perClass[queryClass];
        if (!measured) return '';
        return `${ms(measured.p50)} / ${ms(measured.p99)} (${(measured.zeroShare * 100).toFixed(0)} % none)`;
      });
      lines.push(`| ${mode.label} | ${run.datasets.toLocaleString('en-US')} | ${cells.join(' | ')} |`);
    }
  }
  return lines.join('\n');
}
