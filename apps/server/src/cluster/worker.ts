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
 * One HTTP worker of the cluster: the whole app (`buildApp`) listening on the shared port. The
 * owner runs ingestion for everyone; relays hand uploads and deletes to it over IPC.
 * `listen` is the same start-up as a single process's; only the owner announces it.
 */
export async function runWorker(
  config: AppConfig,
  role: WorkerRole,
  listen: (app: FastifyInstance, announce: boolean) => Promise<void>,
): Promise<void> {
  const send = (message: unknown) => (process.connected ? (process.send?.(message) ?? false) : false);
  const relay = role === "relay" ? new IpcDocumentIntake((message: IntakeRequest) => send(message)) : undefined;
  const ingestion: IngestionRole = relay ? { kind: "relay", intake: relay } : { kind: "owner" };
  const uploadSlots = new IpcUploadSlots(config.limits.maxConcurrentUploads, (message) => send(message));
  const rates = new IpcRateLimitClient((message) => send(message));
  const app = await buildApp(config, { ingestion, uploadSlots, rateLimitStore: rates.storeClass() });

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    // Fastify stops accepting, closes idle keep-alive connections and waits for requests in flight.
    await app.close();
    process.exit(0);
  };
  process.on("message", (raw: unknown) => {
    const control = controlMessageSchema.safeParse(raw);
    if (control.success) {
      if (control.data.kind === "shutdown") void shutdown();
      else if (control.data.kind === "owner-lost") relay?.ownerLost();
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
  await listen(app, role === "owner");
  send({ kind: "ready" });
}
