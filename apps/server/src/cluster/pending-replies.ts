/**
 * Requests a worker sends to its primary and the replies it waits for, matched by request id.
 * A request that cannot be sent, or is not answered in time, settles with its fallback.
 */
export class PendingReplies<T> {
  private readonly waiting = new Map<string, (value: T) => void>();

  /** Sends with `send` (false: not sent) and resolves with the reply, or `fallback` after `timeoutMs`. */
  request(requestId: string, send: () => boolean, timeoutMs: number, fallback: T): Promise<T> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle(requestId, fallback), timeoutMs);
      this.waiting.set(requestId, (value) => {
        clearTimeout(timer);
        resolve(value);
      });
      if (!send()) this.settle(requestId, fallback);
    });
  }

  /** Feeds a reply; false when nothing waits for it any more (it came too late). */
  settle(requestId: string, value: T): boolean {
    const resolve = this.waiting.get(requestId);
    if (!resolve) return false;
    this.waiting.delete(requestId);
    resolve(value);
    return true;
  }
}
