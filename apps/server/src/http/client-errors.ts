import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyBaseLogger } from "fastify";

/**
 * Errors Node's HTTP parser raises before a request reaches Fastify (oversized headers, a
 * request that took too long, malformed bytes), answered in the contract's error shape.
 */
export function clientErrorResponse(error: Error & { code?: string }): {
  status: number;
  code: string;
  message: string;
} {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return {
        status: 431,
        code: "HEADERS_TOO_LARGE",
        message: "The request headers (or URL) are larger than the server accepts",
      };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, code: "REQUEST_TIMEOUT", message: "The request took too long to arrive" };
    case "HPE_URI_TOO_LONG":
      return { status: 414, code: "URI_TOO_LONG", message: "The URL is longer than the server accepts" };
    default:
      return { status: 400, code: "INVALID_REQUEST", message: "The request is not valid HTTP" };
  }
}

/** Replaces Fastify's default `clientError` handler, which answers with a body outside the contract. */
export function handleClientError(log: FastifyBaseLogger, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, code, message } = clientErrorResponse(error);
  log.info({ code, parserCode: error.code }, message);
  if (socket.writable) {
    const body = JSON.stringify({ error: { code, message } });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

const abortCodes = new Set(["ECONNRESET", "ECONNABORTED", "EPIPE", "ERR_STREAM_PREMATURE_CLOSE", "ABORT_ERR"]);

/** Whether a failure only means the client went away (closed the tab, cancelled curl). */
export function isClientAbort(error: unknown, requestAborted: boolean): boolean {
  if (requestAborted) return true;
  if (typeof error !== "object" || error === null) return false;
  const code = "code" in error ? String(error.code) : "";
  const name = "name" in error ? String(error.name) : "";
  return abortCodes.has(code) || name === "AbortError" || (error as Error).message === "Request aborted";
}
