/** The longest first line the primary reads before handing a connection on undecided. */
export const maxRequestLineBytes = 8192;

const healthLine = /^(?:GET|HEAD) \/api\/health(?:\?[^ ]*)? HTTP\/1\.[01]\r?\n/;

export type ConnectionRoute = "incomplete" | "health" | "worker";

/**
 * Decides from the bytes read so far who answers a new connection: the primary answers health
 * probes itself (so they never wait behind asks in a busy worker); everything else goes to a
 * worker. Undecidable input (no line end within the limit, or not HTTP) goes to a worker, whose
 * HTTP parser answers it properly.
 */
export function routeConnection(head: Buffer): ConnectionRoute {
  const end = head.indexOf(0x0a);
  if (end === -1) return head.length >= maxRequestLineBytes ? "worker" : "incomplete";
  return healthLine.test(head.subarray(0, end + 1).toString("latin1")) ? "health" : "worker";
}
