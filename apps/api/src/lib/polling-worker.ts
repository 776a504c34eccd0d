import type { FastifyBaseLogger } from 'fastify';

/**
 * A background worker that processes due rows in batches: on a timer, on demand (`kick`), and to
 * completion (`drain`, for tests and shutdown). Subclasses claim and process rows in `processDue`,
 * which returns how many it completed.
 */
export abstract class PollingWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private rerun = false;
  private stopped = false;

  protected constructor(
    protected readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
    private readonly name: string,
  ) {}

  protected abstract processDue(): Promise<number>;

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.kick();
      this.timer = setTimeout(tick, this.pollMs);
      this.timer.unref();
    };
    tick();
  }

  /** Processes due rows soon; coalesces calls made while a batch is running. */
  kick(): void {
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.processDue()
      .catch((err) => {
        this.log.error({ err }, `${this.name} batch failed`);
        return 0;
      })
      .finally(() => {
        this.running = null;
        if (this.rerun && !this.stopped) {
          this.rerun = false;
          this.kick();
        }
      });
  }

  /** Processes everything due now. Returns how many were completed. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      // A kick may chain another batch when it ends (rerun); wait for all of them, or their leased rows
      // are skipped here and the caller looks before they are done.
      while (this.running) await this.running;
      const done = await this.processDue();
      total += done;
      if (done === 0 && !this.running) return total;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.running) await this.running;
  }
}
