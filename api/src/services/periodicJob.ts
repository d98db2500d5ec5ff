/** What the jobs write to the log (the app's logger). */
export interface JobLogger {
  warn(object: unknown, message: string): void;
  info(object: unknown, message: string): void;
}

/**
 * A job the api runs every minute in each instance (the SLA tick, the month's close): started and
 * stopped with the app, and joined rather than doubled when a run is asked for while one is under
 * way in this process. Across instances each job takes its own database lock.
 */
export abstract class PeriodicJob<Result> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Result> | null = null;

  constructor(
    protected readonly log: JobLogger,
    /** How a failed run is named in the log. */
    private readonly failure: string,
  ) {}

  /** One run's work. */
  protected abstract work(): Promise<Result>;

  /** Runs every `everyMs` (a minute) until stopped. */
  start(everyMs = 60_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runNow().catch((error) => this.log.warn({ err: error }, this.failure));
    }, everyMs);
    this.timer.unref();
  }

  /** Stops and waits for a run under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One run now. A run already under way in this process is joined, not doubled. */
  protected runNow(): Promise<Result> {
    if (!this.running) {
      this.running = this.work().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }
}
