import { AppError } from "@audited-rag/core";

export class TooManySignInsError extends AppError {
  readonly code = "RATE_LIMITED";
}

/**
 * Bounds concurrent password hashing. scrypt runs on libuv's small thread pool, which file reads
 * and writes share, so a flood of sign-in attempts must queue here instead of starving uploads.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency = 2,
    private readonly maxWaiting = 32,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new TooManySignInsError("Too many sign-in attempts at once; try again in a moment.");
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
