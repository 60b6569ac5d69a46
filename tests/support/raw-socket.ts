import { connect, type Socket } from "node:net";

/** Port of a base URL such as http://127.0.0.1:41234. */
export function portOf(baseUrl: string): number {
  return Number(new URL(baseUrl).port);
}

/**
 * Sends raw bytes on a fresh loopback connection and resolves with everything the server
 * wrote before it closed the connection or `timeoutMs` passed. For requests fetch refuses to send.
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on("connect", () => socket.write(request));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A server that answers and resets before reading everything is still an answer.
      if (chunks.length === 0 && error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
  });
}

/** Status code and parsed JSON body of a raw HTTP/1.1 response (not chunked). */
export function parseRawResponse(raw: string): { status: number; headers: string; body: unknown } {
  const [head = "", ...rest] = raw.split("\r\n\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  const text = rest.join("\r\n\r\n");
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: left as text so the assertion shows it
  }
  return { status, headers: head, body };
}
