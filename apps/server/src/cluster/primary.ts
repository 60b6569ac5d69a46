import cluster, { type Worker } from "node:cluster";
import { type AddressInfo, createServer, type Server, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { AccountStore, MetadataStore } from "@audited-rag/rag";
import { startupVerdict } from "../auth/startup-check";
import type { AppConfig } from "../config";
import { clearUploadsInFlight } from "../plugins/services";
import { httpAddress } from "../startup-line";
import { RateCounters } from "./ipc-rate-limit-store";
import { SlotLedger } from "./ipc-upload-slots";
import { LeastConnections } from "./least-connections";
import {
  controlMessageSchema,
  type IntakeReply,
  intakeReplySchema,
  intakeRequestSchema,
  rateMessageSchema,
  slotMessageSchema,
} from "./messages";
import { workerExecArgv } from "./worker-exec-argv";

/** Set in a worker's environment by the primary; not a user setting. */
export const roleVariable = "AUDITED_RAG_PROCESS_ROLE";
export type WorkerRole = "owner" | "relay";

interface Slot {
  role: WorkerRole;
  worker: Worker;
  ready: boolean;
  startedAt: number;
}

// How long workers have to finish in-flight requests after a shutdown before they are killed.
const shutdownGraceMs = 20_000;
// Connections accepted while no worker is ready (all restarting) wait for one, up to this many.
const maxWaitingConnections = 512;
// A worker that dies this soon after starting is restarted with a growing delay, so a crash loop cannot spin.
const quickDeathMs = 5_000;
const maxRestartDelayMs = 30_000;
const checkpointEveryMs = 1_000;

/**
 * The cluster's primary process: prepares the data folder once (migrations, the start-up checks,
 * clearing half-received uploads), forks `config.workers` HTTP workers, listens once they are
 * all ready and hands each new connection to the worker holding fewest (`LeastConnections`),
 * routes ingestion requests from the relays to the one worker that owns ingestion, replaces
 * workers that die, and shuts everything down on SIGINT/SIGTERM. It serves no request itself.
 */
export async function runPrimary(config: AppConfig): Promise<void> {
  // Opening the store here migrates the schema once, before any worker does; the same connection checkpoints.
  const store = MetadataStore.open(config.dataDir, { answerRetention: config.answerRetention });
  const refusal = startupRefusal(config, store);
  if (refusal) {
    store.close();
    console.error(refusal);
    process.exit(1);
  }
  const checkpoints = startCheckpoints(store);
  await clearUploadsInFlight(config.dataDir);
  // Workers run the server's entry point whatever launched the primary (`npm start` runs scripts/start.ts first).
  cluster.setupPrimary({ exec: fileURLToPath(new URL("../server.ts", import.meta.url)) });

  const slots: Slot[] = [];
  let shuttingDown = false;
  let booted = false;
  const restartDelays = new Map<number, number>();
  const slotLedger = new SlotLedger(config.limits.maxConcurrentUploads);
  const rateCounters = new RateCounters();
  const owner = () => slots.find((slot) => slot.role === "owner" && slot.ready)?.worker;
  const balancer = new LeastConnections<Worker>();
  const waiting: Socket[] = [];
  let listener: { server: Server; address: string } | undefined;
  const handOff = (socket: Socket) => {
    const worker = balancer.take();
    if (!worker) {
      if (waiting.length < maxWaitingConnections) waiting.push(socket);
      else socket.destroy();
      return;
    }
    const lost = () => {
      balancer.closed(worker);
      socket.destroy();
    };
    try {
      // The socket is closed here once sent; the worker reads it from the start (it was accepted paused).
      worker.send({ kind: "connection" }, socket, (error: Error | null) => {
        if (error) lost();
      });
    } catch {
      lost();
    }
  };
  const admit = (slot: Slot) => {
    balancer.add(slot.worker);
    if (listener) sendQuietly(slot.worker, { kind: "listening", address: listener.address });
    for (const socket of waiting.splice(0)) handOff(socket);
  };

  const fork = (index: number, role: WorkerRole) => {
    cluster.setupPrimary({ execArgv: workerExecArgv(role, process.execArgv, process.env.NODE_OPTIONS) });
    const worker = cluster.fork({ [roleVariable]: role });
    const slot: Slot = { role, worker, ready: false, startedAt: Date.now() };
    slots[index] = slot;
    worker.on("message", (raw: unknown) => {
      const control = controlMessageSchema.safeParse(raw);
      if (control.success && control.data.kind === "ready") {
        slot.ready = true;
        if (!booted && slots.length === config.workers && slots.every((each) => each.ready)) {
          booted = true;
          void startListening();
        } else if (booted) admit(slot);
        return;
      }
      if (control.success && control.data.kind === "connection-closed") {
        balancer.closed(worker);
        return;
      }
      const rate = rateMessageSchema.safeParse(raw);
      if (rate.success) {
        if (rate.data.kind === "rate-incr") {
          const { current, ttl } = rateCounters.incr(rate.data.key, rate.data.timeWindow);
          sendQuietly(worker, { kind: "rate-count", requestId: rate.data.requestId, current, ttl });
        }
        return;
      }
      const slotMessage = slotMessageSchema.safeParse(raw);
      if (slotMessage.success) {
        const { kind, requestId } = slotMessage.data;
        if (kind === "slot-acquire")
          sendQuietly(worker, { kind: "slot-answer", requestId, granted: slotLedger.acquire(requestId, worker.id) });
        else if (kind === "slot-release") slotLedger.release(requestId);
        return;
      }
      const request = intakeRequestSchema.safeParse(raw);
      if (request.success) {
        const target = owner();
        if (target) sendQuietly(target, { ...request.data, from: worker.id });
        else sendQuietly(worker, ownerAway(request.data.requestId, worker.id));
        return;
      }
      const reply = intakeReplySchema.safeParse(raw);
      const recipient = reply.success ? cluster.workers?.[reply.data.to] : undefined;
      if (recipient && reply.success) sendQuietly(recipient, reply.data);
    });
    // The IPC channel closes before the exit is reported; from then on nothing may be sent to it.
    worker.on("disconnect", () => {
      slot.ready = false;
      balancer.remove(worker);
    });
    worker.on("exit", (code, signal) => {
      slot.ready = false;
      balancer.remove(worker);
      slotLedger.releaseAll(worker.id);
      if (shuttingDown) return;
      if (!booted) {
        // A worker that cannot start (port taken, data folder refused) would fail again: stop here with its message.
        console.error(`A server process could not start (exit code ${code ?? signal}); stopping.`);
        void stopAll(1);
        return;
      }
      console.error(`Server process ${worker.process.pid} (${role}) died (${code ?? signal}); starting a replacement.`);
      if (role === "owner")
        for (const other of slots) if (other.ready) sendQuietly(other.worker, { kind: "owner-lost" });
      const quick = Date.now() - slot.startedAt < quickDeathMs;
      const delay = quick ? Math.min(maxRestartDelayMs, (restartDelays.get(index) ?? 250) * 2) : 0;
      restartDelays.set(index, delay || 250);
      // Not unref'd: while every worker is down, this timer is what keeps the primary running.
      setTimeout(() => {
        if (!shuttingDown) fork(index, role);
      }, delay);
    });
  };

  const startListening = async () => {
    const server = createServer({ pauseOnConnect: true }, handOff);
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen({ host: config.host, port: config.port }, () => {
          server.off("error", reject);
          resolve();
        });
      });
    } catch (error) {
      console.error((error as Error).message);
      await stopAll(1);
      return;
    }
    server.on("error", (error) => console.error(`Accepting connections failed: ${error.message}`));
    listener = { server, address: httpAddress(server.address() as AddressInfo) };
    for (const slot of slots) if (slot.ready) admit(slot);
  };

  const stopAll = async (exitCode: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    listener?.server.close();
    for (const socket of waiting.splice(0)) socket.destroy();
    const living = slots.filter((slot) => !slot.worker.isDead());
    const exited = Promise.all(
      living.map((slot) => new Promise<void>((resolve) => slot.worker.once("exit", () => resolve()))),
    );
    for (const slot of living) {
      balancer.remove(slot.worker);
      sendQuietly(slot.worker, { kind: "shutdown" });
    }
    const timer = setTimeout(() => {
      for (const slot of living) if (!slot.worker.isDead()) slot.worker.process.kill("SIGKILL");
    }, shutdownGraceMs);
    await exited;
    clearTimeout(timer);
    checkpoints.stop();
    process.exit(exitCode);
  };
  process.once("SIGINT", () => void stopAll(0));
  process.once("SIGTERM", () => void stopAll(0));

  for (let index = 0; index < config.workers; index++) fork(index, index === 0 ? "owner" : "relay");
}

/** The start-up rule on accounts, applied before anything listens: why the server must not start, if it must not. */
function startupRefusal(config: AppConfig, store: MetadataStore): string | undefined {
  const verdict = startupVerdict({
    authEnabled: config.auth.enabled,
    host: config.host,
    userCount: config.auth.enabled ? new AccountStore(store.database).countUsers() : 0,
  });
  return verdict.kind === "refuse" ? verdict.message : undefined;
}

/**
 * The workers' connections never checkpoint the write-ahead log (a checkpoint copies pages and
 * syncs the file, stalling the request whose commit triggered it); the primary, which serves no
 * request, checkpoints it every second instead, passively, so nobody waits on it.
 */
function startCheckpoints(store: MetadataStore): { stop(): void } {
  const timer = setInterval(() => {
    try {
      store.checkpoint();
    } catch (error) {
      console.error(`Checkpointing the database failed: ${(error as Error).message}`);
    }
  }, checkpointEveryMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      store.close();
    },
  };
}

function ownerAway(requestId: string, to: number): IntakeReply {
  return {
    kind: "intake-reply",
    requestId,
    to,
    stage: "failed",
    error: {
      code: "INGEST_UNAVAILABLE",
      message: "The process that reads uploads is restarting; try again in a moment.",
    },
  };
}

/** Sends over IPC, ignoring a channel that closed in the meantime (its exit is handled elsewhere). */
function sendQuietly(worker: Worker, message: unknown): void {
  if (!worker.isConnected()) return;
  try {
    worker.send(message as object, (error: Error | null) => {
      if (error) return;
    });
  } catch {
    // The worker is exiting; its "exit" event restarts or ends it.
  }
}
