/**
 * The api's one clock (docs/architecture.md#conversation-and-notifications): every time rule of the
 * api's own (the outbox's back-off and give-up, the stages' deadlines) reads `now()` here, so a
 * test can move time forward instead of waiting. Built once (`app.clock`); tests pass their own.
 */
export interface Clock {
  /** The current time. */
  now(): Date;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets and moves by hand; starts at `start` (default: the machine's now). */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void {
    this.current += ms;
  }
  set(at: Date): void {
    this.current = at.getTime();
  }
}
