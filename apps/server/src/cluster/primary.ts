import cluster, { type Worker } from "node:cluster";
import net from "node:net";
import type { ComponentHealth } from "@audited-rag/core";
import Fastify, { type FastifyInstance } from "fastify";
import type { AppConfig } from "../config";
import { mapError } from "../error-status";
import { clearUploadsInFlight, createServices, type Services } from "../plugins/services";
import { healthRoutes } from "../routes/health";
import { controlMessageSchema, intakeReplySchema, intakeRequestSchema } from "./messages";
import { routeConnection } from "./request-line";

/** Set in a worker's environment by the primary; not a user setting. */
export const roleVariable = "AUDITED_RAG_PROCESS_ROLE";
export type WorkerRole = "owner" | "relay";

interface Slot {
  role: WorkerRole;
  worker: Worker;
  ready: boolean;
  startedAt: number;
}

// How long a worker has to finish in-flight requests after a shutdown before it is killed.
const shutdownGraceMs = 20_000;
const bootTimeoutMs = 60_000;
// A worker that dies this soon after starting is restarted with a growing delay, so a crash loop cannot spin.
const quickDeathMs = 5_000;
const maxRestartDelayMs = 30_000;
const firstLineTimeoutMs = 10_000;

const unavailable = JSON.stringify({
  error: { code: "SERVICE_UNAVAILABLE", message: "The server is restarting its workers; try again in a moment." },
});
const unavailableResponse =
  "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json; charset=utf-8\r\n" +
  `connection: close\r\ncontent-length: ${Buffer.byteLength(unavailable)}\r\n\r\n${unavailable}`;

/**
 * The cluster's primary process. It owns the listening socket and hands each new connection to
 * an HTTP worker (round robin), except health probes, which it answers itself from its own
 * connection to the database, so they never queue behind asks. It routes ingestion requests from
 * the workers to the one worker that owns ingestion, replaces workers that die, and shuts
 * everything down on SIGINT/SIGTERM.
 */
export async function runPrimary(config: AppConfig): Promise<void> {
  // Opening the store here migrates the schema once, before any worker starts; a crash's
  // leftovers are cleaned up once too.
  const services = createServices(config);
  await clearUploadsInFlight(config.dataDir);
  const interrupted = await services.ingestor.recoverInterrupted();
  const slots: Slot[] = [];
  const healthApp = await buildHealthApp(config, services, () => processHealth(slots, config.workers));
  const log = healthApp.log;
  if (interrupted.length > 0) log.warn({ documents: interrupted }, "marked interrupted ingests as failed");

  let shuttingDown = false;
  let nextWorker = 0;
  const restartDelays = new Map<number, number>();
  const owner = () => slots.find((slot) => slot.role === "owner" && slot.ready)?.worker;

  const fork = (index: number, role: WorkerRole) => {
    const worker = cluster.fork({ [roleVariable]: role });
    const slot: Slot = { role, worker, ready: false, startedAt: Date.now() };
    slots[index] = slot;
    worker.on("message", (raw: unknown) => {
      const control = controlMessageSchema.safeParse(raw);
      if (control.success && control.data.kind === "ready") {
        slot.ready = true;
        return;
      }
      const request = intakeRequestSchema.safeParse(raw);
      if (request.success) {
        const target = owner();
        if (target) sendQuietly(target, { ...request.data, from: worker.id });
        else
          sendQuietly(worker, {
            kind: "intake-reply",
            requestId: request.data.requestId,
            to: worker.id,
            stage: "failed",
            error: { code: "INGEST_UNAVAILABLE", message: "The ingestion process is restarting; try again." },
          });
        return;
      }
      const reply = intakeReplySchema.safeParse(raw);
      const recipient = reply.success ? cluster.workers?.[reply.data.to] : undefined;
      if (recipient && reply.success) sendQuietly(recipient, reply.data);
    });
    // The IPC channel closes before the exit is reported; from then on nothing may be sent to it.
    worker.on("disconnect", () => {
      slot.ready = false;
    });
    worker.on("exit", (code, signal) => {
      slot.ready = false;
      if (shuttingDown) return;
      log.error({ pid: worker.process.pid, role, code, signal }, "worker died; starting a replacement");
      if (role === "owner")
        for (const other of slots) if (other.ready) sendQuietly(other.worker, { kind: "owner-lost" });
      const quick = Date.now() - slot.startedAt < quickDeathMs;
      const delay = quick ? Math.min(maxRestartDelayMs, (restartDelays.get(index) ?? 250) * 2) : 0;
      restartDelays.set(index, delay || 250);
      setTimeout(() => {
        if (!shuttingDown) fork(index, role);
      }, delay).unref();
    });
  };

  for (let index = 0; index < config.workers; index++) fork(index, index === 0 ? "owner" : "relay");
  await waitFor(() => slots.every((slot) => slot.ready), bootTimeoutMs, "the workers did not start");

  const server = net.createServer((socket) => {
    let head = Buffer.alloc(0);
    const timer = setTimeout(() => socket.destroy(), firstLineTimeoutMs);
    const onError = () => socket.destroy();
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const route = routeConnection(head);
      if (route === "incomplete") return;
      clearTimeout(timer);
      socket.off("data", onData);
      socket.off("error", onError);
      socket.pause();
      if (route === "health") {
        healthApp.server.emit("connection", socket);
        socket.emit("data", head);
        socket.resume();
        return;
      }
      const ready = slots.filter((slot) => slot.ready && slot.worker.isConnected());
      const slot = ready[nextWorker++ % Math.max(1, ready.length)];
      if (!slot) {
        socket.end(unavailableResponse);
        return;
      }
      // pause() alone lets libuv keep reading into a handle that is about to move, and those bytes
      // would be lost (an upload body arrives in many reads); stopping the read at the handle keeps
      // them in the kernel for the worker. There is no public API for this.
      (socket as unknown as { _handle?: { readStop?: () => void } })._handle?.readStop?.();
      try {
        slot.worker.send({ kind: "connection", head: head.toString("base64") }, socket, (error) => {
          if (error) socket.destroy();
        });
      } catch {
        socket.destroy();
      }
    };
    socket.on("data", onData);
    socket.on("error", onError);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address() as net.AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  log.info(
    { workers: config.workers, pids: slots.map((slot) => slot.worker.process.pid) },
    `Server listening at http://${host}:${address.port}`,
  );

  const close = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, "shutting down");
    server.close();
    const exits = slots.map(
      (slot) =>
        new Promise<void>((resolve) => {
          if (slot.worker.isDead()) return resolve();
          slot.worker.once("exit", () => resolve());
          sendQuietly(slot.worker, { kind: "shutdown" });
        }),
    );
    const killer = setTimeout(() => {
      for (const slot of slots) if (!slot.worker.isDead()) slot.worker.process.kill("SIGKILL");
    }, shutdownGraceMs);
    await Promise.all(exits);
    clearTimeout(killer);
    await healthApp.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void close("SIGINT"));
  process.once("SIGTERM", () => void close("SIGTERM"));
}

/**
 * A small Fastify instance with only the health route, fed connections by the primary. Each
 * answer closes its connection, so the client's next request arrives on a new connection and is
 * routed afresh (to a worker, unless it is another probe).
 */
async function buildHealthApp(
  config: AppConfig,
  services: Services,
  processes: () => ComponentHealth,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: config.logLevel } });
  app.setErrorHandler((error, _request, reply) => {
    const mapped = mapError(error, config.maxUploadBytes);
    return reply.status(mapped.status).send(mapped.body);
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("connection", "close");
  });
  app.addHook("onClose", () => services.close());
  await app.register(healthRoutes, {
    prefix: "/api",
    checks: () => ({ ...services.healthChecks(), processes: async () => processes() }),
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: { code: "NOT_FOUND", message: `No route ${request.method} ${request.url}` } }),
  );
  await app.ready();
  return app;
}

/** The `processes` health component: how many HTTP workers are up, and whether ingestion has its owner. */
function processHealth(slots: Slot[], configured: number): ComponentHealth {
  const ready = slots.filter((slot) => slot.ready).length;
  const ownerReady = slots.some((slot) => slot.role === "owner" && slot.ready);
  const detail = `${ready} of ${configured} HTTP workers ready; ingestion ${ownerReady ? "ready" : "restarting"}`;
  return { status: ready === configured && ownerReady ? "ok" : "degraded", detail };
}

/** Sends to a worker unless its channel is already closed (it is dying; its exit handler takes over). */
function sendQuietly(worker: Worker, message: object): void {
  if (!worker.isConnected()) return;
  try {
    worker.send(message, undefined, () => undefined);
  } catch {
    // The channel closed between the check and the send.
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number, message: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
