/**
 * Runs the state machines' steps after a delay, so that every state is observable for a moment, and stops them all
 * on close. Outgoing calls made by steps use `signal`, which close aborts.
 */
export class Scheduler {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly controller = new AbortController();
  private readonly running = new Set<Promise<void>>();

  constructor(
    readonly stepDelayMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get closed(): boolean {
    return this.controller.signal.aborted;
  }

  /** Runs `step` after the step delay (unless closed by then). */
  later(step: () => void | Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return;
      const run = (async () => step())().catch((error: unknown) => {
        if (!this.closed) this.onError(error);
      });
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }, this.stepDelayMs);
    this.timers.add(timer);
  }

  /** Stops every pending step and aborts every running one's calls. */
  async close(): Promise<void> {
    this.controller.abort(new Error('sandbox closed'));
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
