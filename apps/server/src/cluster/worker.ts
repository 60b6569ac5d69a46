import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import type { AppConfig } from "../config";
import type { IngestionRole } from "../ingestion/document-intake";
import { IpcDocumentIntake } from "./ipc-document-intake";
import { IpcRateLimitClient } from "./ipc-rate-limit-store";
import { IpcUploadSlots } from "./ipc-upload-slots";
import {
  controlMessageSchema,
  type IntakeRequest,
  intakeReplySchema,
  rateMessageSchema,
  routedIntakeRequestSchema,
  slotMessageSchema,
} from "./messages";
import type { WorkerRole } from "./primary";
import { serveIntake } from "./serve-intake";

/**
 * One HTTP worker of the cluster: the whole app (`buildApp`), serving the connections the
 * primary hands it (the primary listens, and gives each new connection to the worker holding
 * fewest). The owner runs ingestion for everyone; relays hand uploads and deletes to it over
 * IPC. `announce` prints where the server listens, once the primary says so.
 */
export async function runWorker(
  config: AppConfig,
  role: WorkerRole,
  announce: (app: FastifyInstance, address: string) => void,
): Promise<void> {
  const send = (message: unknown) => (process.connected ? (process.send?.(message) ?? false) : false);
  const relay = role === "relay" ? new IpcDocumentIntake((message: IntakeRequest) => send(message)) : undefined;
  const ingestion: IngestionRole = relay ? { kind: "relay", intake: relay } : { kind: "owner" };
  const uploadSlots = new IpcUploadSlots(config.limits.maxConcurrentUploads, (message) => send(message));
  const rates = new IpcRateLimitClient((message) => send(message));
  const app = await buildApp(config, { ingestion, uploadSlots, rateLimitStore: rates.storeClass() });

  await app.ready();
  // Node starts checking the request and header timeouts of a server's connections when it listens.
  app.server.emit("listening");
  const connections = new Set<Socket>();
  let closing = false;
  const serve = (socket: Socket) => {
    const closed = () => {
      connections.delete(socket);
      send({ kind: "connection-closed" });
    };
    if (closing) {
      socket.destroy();
      closed();
      return;
    }
    connections.add(socket);
    socket.once("close", closed);
    app.server.emit("connection", socket);
    socket.resume();
  };
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    // Requests in flight are answered; each keep-alive connection is closed once idle. The primary
    // kills a worker that is still busy after its grace period.
    while (connections.size > 0) {
      app.server.closeIdleConnections();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await app.close();
    process.exit(0);
  };
  process.on("message", (raw: unknown, handle: unknown) => {
    const control = controlMessageSchema.safeParse(raw);
    if (control.success) {
      const { data } = control;
      if (data.kind === "connection" && handle) serve(handle as Socket);
      else if (data.kind === "listening") announce(app, data.address);
      else if (data.kind === "shutdown") void shutdown();
      else if (data.kind === "owner-lost") relay?.ownerLost();
      return;
    }
    const rate = rateMessageSchema.safeParse(raw);
    if (rate.success) {
      if (rate.data.kind === "rate-count") rates.receive(rate.data);
      return;
    }
    const slot = slotMessageSchema.safeParse(raw);
    if (slot.success) {
      if (slot.data.kind === "slot-answer") uploadSlots.receive(slot.data);
      return;
    }
    const reply = intakeReplySchema.safeParse(raw);
    if (reply.success) {
      relay?.receive(reply.data);
      return;
    }
    const request = routedIntakeRequestSchema.safeParse(raw);
    if (request.success && role === "owner")
      void serveIntake(app.services.intake, request.data, (message) => send(message), app.log);
  });
  // The primary is gone (killed): nothing routes uploads or restarts us any more.
  process.on("disconnect", () => void shutdown());
  // Ctrl-C reaches every process of the group; the primary coordinates, and the worker drains as it is told.
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => void shutdown());
  send({ kind: "ready" });
}
