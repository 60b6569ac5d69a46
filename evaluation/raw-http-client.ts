import { connect, type Socket } from "node:net";

export interface RawResponse {
  status: number;
  /** The raw header block, lower-cased names intact as sent. */
  head: string;
  body: Buffer;
}

const headEnd = Buffer.from("\r\n\r\n");

/**
 * One keep-alive HTTP/1.1 connection that sends prepared request bytes and reads back responses
 * framed by Content-Length, nothing more. A load generator sharing two cores with the server
 * must cost little per request: undici's request API costs about half a millisecond of CPU per
 * ask here, which is a tenth of what the server spends, and this about a tenth of that.
 */
export class RawConnection {
  private socket: Socket | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve(response: RawResponse): void; reject(error: Error): void } | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** Sends one request (the whole message, headers and body) and resolves with its response. */
  async send(request: Buffer, timeoutMs: number): Promise<RawResponse> {
    const socket = this.socket ?? (await this.open());
    return new Promise<RawResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.close();
        reject(new Error(`no response within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting = {
        resolve: (response) => {
          clearTimeout(timer);
          resolve(response);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      socket.write(request);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
    this.buffer = Buffer.alloc(0);
  }

  private open(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect(this.port, this.host, () => {
        socket.off("error", reject);
        resolve(socket);
      });
      socket.setNoDelay(true);
      socket.once("error", reject);
      socket.on("data", (chunk: Buffer) => this.receive(chunk));
      const lost = (error?: Error) => {
        if (this.socket === socket) this.socket = undefined;
        const waiting = this.waiting;
        this.waiting = undefined;
        waiting?.reject(error ?? new Error("the server closed the connection"));
      };
      socket.on("error", lost);
      socket.on("close", () => lost());
      this.socket = socket;
    });
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const end = this.buffer.indexOf(headEnd);
    if (end < 0) return;
    const head = this.buffer.subarray(0, end).toString("latin1");
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      this.fail(new Error("a response without Content-Length"));
      return;
    }
    const total = end + headEnd.length + Number(length[1]);
    if (this.buffer.length < total) return;
    const body = this.buffer.subarray(end + headEnd.length, total);
    const status = Number(head.slice(9, 12));
    this.buffer = this.buffer.subarray(total);
    if (/\r\nconnection:\s*close/i.test(head)) this.close();
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve({ status, head, body });
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    this.close();
    waiting?.reject(error);
  }
}

/** The bytes of a POST with a JSON body. */
export function jsonPost(host: string, path: string, body: unknown, headers: Record<string, string> = {}): Buffer {
  const payload = Buffer.from(JSON.stringify(body));
  const lines = [
    `POST ${path} HTTP/1.1`,
    `host: ${host}`,
    "content-type: application/json",
    `content-length: ${payload.length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), payload]);
}
