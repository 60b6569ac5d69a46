import { request } from "node:http";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies field by field and assert each
  json(): any;
}

/**
 * One HTTP request over loopback with exactly the headers given (Host included), which fetch
 * cannot do. Times out after `timeoutMs` so a hung server fails the test instead of stalling it.
 */
export function rawRequest(
  baseUrl: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    timeoutMs?: number;
  },
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? "GET",
        path: options.path,
        headers: {
          host: url.host,
          // Node sends no length for DELETE bodies by default, which the server would read as a broken request.
          ...(options.body === undefined ? {} : { "content-length": String(Buffer.byteLength(options.body)) }),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: () => JSON.parse(text) });
        });
        response.on("error", reject);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${options.timeoutMs ?? 10_000} ms`)));
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}
