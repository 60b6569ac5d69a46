import type { Socket } from "node:net";
import { buildApp } from "../app";
import type { AppConfig } from "../config";
import type { IngestionRole } from "../ingestion/document-intake";
import { IpcDocumentIntake } from "./ipc-document-intake";
import { controlMessageSchema, type IntakeRequest, intakeReplySchema, routedIntakeRequestSchema } from "./messages";
import type { WorkerRole } from "./primary";
import { RetryingAnswerArchive } from "./retrying-answer-archive";
import { serveIntake } from "./serve-intake";

// In-flight requests get this long to finish after a shutdown begins; the primary kills later.
const drainMs = 15_000;

/**
 * One HTTP worker of the cluster: the whole app (`buildApp`), fed connections by the primary
 * instead of listening itself. The owner runs ingestion for everyone; relays hand uploads and
 * deletes to it over IPC.
 */
export async function runWorker(config: AppConfig, role: WorkerRole): Promise<void> {
  const send = (message: unknown) => (process.connected ? (process.send?.(message) ?? false) : false);
  const relay = role === "relay" ? new IpcDocumentIntake((message: IntakeRequest) => send(message)) : undefined;
  const ingestion: IngestionRole = relay ? { kind: "relay", intake: relay } : { kind: "owner" };
  const answers = RetryingAnswerArchive.open(config.dataDir);
  const app = await buildApp(config, { ingestion, answers });
  app.addHook("onClose", async () => answers.close());
  await app.ready();

  let inFlight = 0;
  let closing = false;
  app.server.on("request", (_request, response) => {
    inFlight++;
    // While draining, every answer closes its connection so keep-alive clients reconnect elsewhere.
    if (closing) response.setHeader("connection", "close");
    response.once("close", () => inFlight--);
  });

  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const deadline = Date.now() + drainMs;
    app.server.closeIdleConnections();
    while (inFlight > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      app.server.closeIdleConnections();
    }
    app.server.closeAllConnections();
    await app.close();
    process.exit(0);
  };

  process.on("message", (raw: unknown, handle: unknown) => {
    const control = controlMessageSchema.safeParse(raw);
    if (control.success) {
      const message = control.data;
      if (message.kind === "connection" && handle) {
        const socket = handle as Socket;
        if (closing) {
          socket.destroy();
          return;
        }
        app.server.emit("connection", socket);
        socket.emit("data", Buffer.from(message.head, "base64"));
        socket.resume();
      } else if (message.kind === "shutdown") void shutdown();
      else if (message.kind === "owner-lost") relay?.ownerLost();
      return;
    }
    const reply = intakeReplySchema.safeParse(raw);
    if (reply.success) {
      relay?.receive(reply.data);
      return;
    }
    const request = routedIntakeRequestSchema.safeParse(raw);
    if (request.success && role === "owner") {
      void serveIntake(app.services.intake, request.data, (message) => send(message), app.log);
    }
  });
  // Ctrl-C reaches every process of the group; the primary coordinates, but a worker signalled alone also drains.
  process.once("SIGINT", () => void shutdown());
  process.once("SIGTERM", () => void shutdown());
  send({ kind: "ready" });
}
