import type { FastifyRequest } from "fastify";
import { isLoopbackAddress } from "./loopback";

const forwardingHeaders = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/**
 * Whether a person on this machine sent the request: the connection is from loopback and no proxy
 * relayed it. A reverse proxy on the same machine connects from loopback too, so a relayed request
 * never counts as local even when the proxy is trusted.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress) || !isLoopbackAddress(request.ip)) return false;
  return forwardingHeaders.every((name) => request.headers[name] === undefined);
}
