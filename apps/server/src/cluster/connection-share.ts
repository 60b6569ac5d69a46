import type { Server } from "node:http";

// Connections a worker may hold above an even share before it starts closing keep-alive ones.
const slack = 2;
const reportEveryMs = 200;

/**
 * Evens out the clients between a cluster's workers. node:cluster deals connections as they
 * open, to whichever worker takes them first, so a burst can leave one worker with twice the
 * clients of another for as long as they stay connected; that worker's clients then wait twice as
 * long. Each worker reports how many connections it holds; the primary sends every worker the
 * total; a worker holding more than an even share answers its next requests with
 * `Connection: close`, and those clients reconnect, to be dealt again.
 */
export class ConnectionShare {
  private open = 0;
  /** Unknown until the primary's first count: nothing is closed before it. */
  private total: number | undefined;
  private workers = 1;
  private reported = -1;
  private readonly timer: NodeJS.Timeout;

  constructor(server: Server, report: (open: number) => void) {
    server.on("connection", (socket) => {
      this.open++;
      socket.once("close", () => this.open--);
    });
    // Ahead of the app's own handler, which may have sent its headers by the time a later listener runs.
    server.prependListener("request", (_request, response) => {
      if (this.overShare()) response.setHeader("connection", "close");
    });
    this.timer = setInterval(() => {
      if (this.open === this.reported) return;
      this.reported = this.open;
      report(this.open);
    }, reportEveryMs);
    this.timer.unref();
  }

  /** The primary's latest count of every worker's connections. */
  update(total: number, workers: number): void {
    this.total = total;
    this.workers = Math.max(1, workers);
  }

  overShare(): boolean {
    return this.total !== undefined && this.open > Math.ceil(this.total / this.workers) + slack;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
