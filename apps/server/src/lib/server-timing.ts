import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The stages of this request timed so far, sent as its `Server-Timing` header by the routes that time them. */
    timing: ServerTiming;
  }
}

/** A stage of a request and how long it took, in milliseconds. */
export type TTimedStage = { name: string; ms: number };

/**
 * The stages of one request, each timed from the end of the one before: an operator (and `bench:search`)
 * reads where a request's time went in its `Server-Timing` header (for example in a browser's network panel).
 */
export class ServerTiming {
  private readonly stages: TTimedStage[] = [];
  private last = performance.now();

  /** Ends a stage now: its time is what passed since the last mark (or the start). */
  mark(name: string): void {
    const now = performance.now();
    this.stages.push({ name, ms: now - this.last });
    this.last = now;
  }

  /** Adds a stage timed elsewhere (a search thread's), without moving the clock. */
  add(name: string, ms: number): void {
    this.stages.push({ name, ms });
  }

  /** The stages timed so far, in the order they were recorded. */
  get all(): readonly TTimedStage[] {
    return this.stages;
  }

  /** The header's value: `name;dur=1.23, ...` in the order the stages were recorded. */
  header(): string {
    return this.stages.map((stage) => `${stage.name};dur=${stage.ms.toFixed(2)}`).join(', ');
  }
}

/** Starts every request's timing when it arrives, before its token is checked. */
export function registerServerTiming(app: FastifyInstance): void {
  app.decorateRequest('timing', null as unknown as ServerTiming);
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    request.timing = new ServerTiming();
    done();
  });
}

/** The stages of a `Server-Timing` header, as `ServerTiming.header` writes it (others' entries without `dur` are left out). */
export function parseServerTiming(header: string | null): TTimedStage[] {
  if (!header) return [];
  return header.split(',').flatMap((entry) => {
    const [name, ...params] = entry.trim().split(';');
    const dur = params.map((param) => /^dur=([\d.]+)$/.exec(param.trim())?.[1]).find((value) => value !== undefined);
    return name && dur !== undefined ? [{ name, ms: Number(dur) }] : [];
  });
}
