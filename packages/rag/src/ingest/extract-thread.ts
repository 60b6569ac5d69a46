import { Worker } from "node:worker_threads";
import { PdfUnreadableError } from "@audited-rag/core";
import { z } from "zod";

// Below about 3 MB V8 aborts the whole process instead of stopping the worker.
const minimumMemoryMb = 8;
const youngGenerationMb = 4;

const workerMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("opened"), pageCount: z.number().int().nonnegative() }),
  z.object({
    type: z.literal("page"),
    pageNumber: z.number().int().positive(),
    width: z.number(),
    height: z.number(),
    strings: z.array(z.string()),
    geometry: z.instanceof(Float64Array),
    image: z
      .object({ png: z.instanceof(Uint8Array), scale: z.number().positive(), pixelHeight: z.number().positive() })
      .optional(),
  }),
  z.object({ type: z.literal("pageFailed"), pageNumber: z.number().int().positive(), message: z.string() }),
  z.object({ type: z.literal("scanning"), pageNumber: z.number().int().positive() }),
  z.object({ type: z.literal("rangeRead") }),
  z.object({ type: z.literal("failed"), name: z.string(), message: z.string() }),
]);
const jobMessageSchema = z.object({ jobId: z.number().int() }).passthrough();

/** What the worker says about the document a session opened (protocol: extract-worker.mjs). */
export type WorkerMessage = z.infer<typeof workerMessageSchema>;

/** What a session asks of the worker; the job id is added by the session. */
export type WorkerRequest =
  | { type: "open"; filePath: string; ocr: "off" | "auto" | "force" }
  | { type: "read"; firstPage: number; lastPage: number }
  | { type: "continue" };

export interface SessionHandlers {
  onMessage(message: WorkerMessage): void;
  /** The worker crashed, ran out of memory, exited or sent something unexpected; it is being stopped. */
  onFailure(error: PdfUnreadableError): void;
}

/** One document open in the worker. */
export interface ThreadSession {
  post(request: WorkerRequest): void;
  /** The worker closes the document and idles; with `stopWorker` it is terminated instead. Idempotent. */
  end(stopWorker: boolean): void;
}

export interface ExtractThreadOptions {
  /** Heap limit of the worker in MB (default 512, at least 8). */
  maxMemoryMb?: number;
  /** An idle worker is stopped after this long (default 30 s); the next session starts a new one. */
  idleMs?: number;
}

/**
 * One long-lived extraction worker with a heap limit, started on first use: pdf.js is loaded
 * and compiled once and kept between documents. Each document it reads is a session; a
 * worker that crashes, runs out of memory or is stopped mid-way fails its sessions, and the
 * next session starts a fresh worker.
 */
export class ExtractThread {
  private worker: Worker | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private jobs = 0;
  private open = 0;

  constructor(private readonly options: ExtractThreadOptions = {}) {}

  /** Opens a session; `handlers` hear only this session's messages. */
  session(handlers: SessionHandlers): ThreadSession {
    clearTimeout(this.idleTimer);
    const worker = this.startedWorker();
    worker.ref();
    this.open++;
    const jobId = ++this.jobs;
    let ended = false;
    const end = (stopWorker: boolean) => {
      if (ended) return;
      ended = true;
      this.open--;
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      if (stopWorker) this.stop(worker);
      else {
        worker.postMessage({ jobId, type: "close" });
        if (this.open === 0) this.idleLater(worker);
      }
    };
    const fail = (message: string, cause?: unknown) => {
      if (ended) return;
      end(true);
      handlers.onFailure(new PdfUnreadableError(message, cause === undefined ? undefined : { cause }));
    };
    const onError = (error: Error & { code?: string }) =>
      fail(`Reading this PDF ${error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "ran out of memory" : "crashed"}.`, error);
    const onExit = (code: number) => fail(`The PDF reader stopped early (exit code ${code}).`);
    const onMessage = (raw: unknown) => {
      const tagged = jobMessageSchema.safeParse(raw);
      if (tagged.success && tagged.data.jobId !== jobId) return;
      const parsed = workerMessageSchema.safeParse(raw);
      const message = parsed.data;
      if (!message || (message.type === "page" && message.geometry.length !== message.strings.length * 4)) {
        fail("The PDF reader sent an unexpected message.");
        return;
      }
      handlers.onMessage(message);
    };
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    return {
      post: (request) => {
        if (!ended) worker.postMessage({ jobId, ...request });
      },
      end,
    };
  }

  /** Stops the worker; a later session starts a new one. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private startedWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./extract-worker.mjs", import.meta.url), {
      // The worker is plain JavaScript: no need for the parent's loaders (tsx) in it.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: Math.max(minimumMemoryMb, this.options.maxMemoryMb ?? 512),
        // pdf.js makes mostly short-lived garbage; V8's default nursery for this heap size let each worker
        // hold ~100 MB more resident on a 1,000-page PDF, and a small one reads as fast.
        maxYoungGenerationSizeMb: youngGenerationMb,
      },
    });
    // A session's own listeners report failures; these keep a failure between sessions from throwing here.
    worker.on("error", () => undefined);
    worker.on("exit", () => {
      if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }

  private stop(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
    void worker.terminate();
  }

  /** Lets the process exit while the worker idles, and stops it after `idleMs`. */
  private idleLater(worker: Worker): void {
    worker.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stop(worker), this.options.idleMs ?? 30_000);
    this.idleTimer.unref();
  }
}
