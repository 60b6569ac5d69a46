/**
 * Asks take turns to start: at most one begins per turn of the event loop, in arrival order.
 *
 * An embedded ask is a few milliseconds of synchronous work (search, candidate scoring). Node
 * runs the handlers of every request that arrived together back to back, so under 200
 * concurrent asks a health probe or a page load would wait for all of them. Handing out starts
 * from `setImmediate`, one per loop turn, lets the loop read the sockets between two asks: a
 * health probe waits for at most the ask in progress. An ask that then waits on a model
 * (Ollama, Jev) does so alongside the others; only starting is serialised.
 */
export class AskTurns {
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;

  /**
   * Resolves when this ask may start. An ask whose client has gone resolves without using up a
   * turn (its work then stops at the aborted signal), and the next ask starts in its place.
   */
  take(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(() => {
        resolve();
        if (signal?.aborted) this.next();
      });
      this.schedule();
    });
  }

  /** Asks waiting for their turn. */
  get queued(): number {
    return this.waiting.length;
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    // Queued from inside an immediate, the next one runs on the next loop turn, after the sockets are read.
    setImmediate(() => {
      this.scheduled = false;
      this.next();
    });
  }

  private next(): void {
    const start = this.waiting.shift();
    start?.();
    this.schedule();
  }
}
