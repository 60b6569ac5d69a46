/** How a budgeted task ended. */
export type BudgetedResult<T> =
  | { kind: "done"; value: T; latencyMs: number }
  /** The task threw before the deadline. */
  | { kind: "failed"; error: unknown; latencyMs: number }
  /** The task was in flight when the deadline (or the caller's cancellation) arrived. */
  | { kind: "timeout"; latencyMs: number }
  /** The budget was spent before the task could start. */
  | { kind: "not_started" };

/**
 * One question part's time budget and in-flight bound. Every request of the part, repair
 * included, runs through the same instance, so the deadline is fixed when the part starts
 * and is never reset.
 */
export class PartBudget {
  /** Aborts at the deadline or when the caller's signal aborts. */
  readonly signal: AbortSignal;
  readonly #deadline = new AbortController();
  readonly #timer: NodeJS.Timeout;
  readonly #maxInFlight: number;
  #inFlight = 0;
  #started = 0;
  readonly #waiting: Array<(granted: boolean) => void> = [];

  constructor(budgetMs: number, maxInFlight: number, callerSignal?: AbortSignal) {
    this.#maxInFlight = Math.max(1, maxInFlight);
    this.#timer = setTimeout(() => this.#deadline.abort(new Error("audit budget spent")), budgetMs);
    this.signal = callerSignal ? AbortSignal.any([this.#deadline.signal, callerSignal]) : this.#deadline.signal;
    // Queued tasks must not wait for a slot once the budget is gone.
    this.signal.addEventListener("abort", () => this.#wakeAll(), { once: true });
  }

  /** Runs `task` when a slot is free and budget remains; never rejects. */
  async run<T>(task: (signal: AbortSignal) => Promise<T>): Promise<BudgetedResult<T>> {
    if (!(await this.#acquire())) return { kind: "not_started" };
    this.#started += 1;
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const value = await task(this.signal);
      return { kind: "done", value, latencyMs: elapsed() };
    } catch (error) {
      if (this.signal.aborted) return { kind: "timeout", latencyMs: elapsed() };
      return { kind: "failed", error, latencyMs: elapsed() };
    } finally {
      this.#release();
    }
  }

  /** Tasks that started (requests sent), whether they were answered, failed or timed out. */
  get started(): number {
    return this.#started;
  }

  /** Stops the timer; call when the part is done. */
  dispose(): void {
    clearTimeout(this.#timer);
  }

  /** First come, first served: a freed slot passes straight to the longest waiter. */
  async #acquire(): Promise<boolean> {
    if (this.signal.aborted) return false;
    if (this.#inFlight < this.#maxInFlight) {
      this.#inFlight += 1;
      return true;
    }
    return new Promise<boolean>((resolve) => this.#waiting.push(resolve));
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next(true);
    else this.#inFlight -= 1;
  }

  #wakeAll(): void {
    for (const wake of this.#waiting.splice(0)) wake(false);
  }
}
