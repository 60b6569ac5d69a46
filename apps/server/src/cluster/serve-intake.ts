import type { FastifyBaseLogger } from "fastify";
import type { DocumentIntake } from "../ingestion/document-intake";
import { type IntakeReply, type RoutedIntakeRequest, toWireError } from "./messages";

/**
 * The owner's side of `IpcDocumentIntake`: runs a relayed request on the local ingestor and
 * answers in stages. `reply` posts to the primary, which routes the answer to `request.from`.
 */
export async function serveIntake(
  intake: DocumentIntake,
  request: RoutedIntakeRequest,
  reply: (message: IntakeReply) => void,
  log: FastifyBaseLogger,
): Promise<void> {
  const base = { kind: "intake-reply", requestId: request.requestId, to: request.from } as const;
  if (request.op === "delete") {
    try {
      await intake.deleteDocument(request.id, { deletedBy: request.deletedBy });
      reply({ ...base, stage: "deleted" });
    } catch (error) {
      reply({ ...base, stage: "failed", error: toWireError(error) });
    }
    return;
  }
  let registered = false;
  try {
    const { document, created, done } = await intake.ingest(request.upload);
    registered = true;
    reply({ ...base, stage: "registered", document, created });
    reply({ ...base, stage: "settled", document: await done });
  } catch (error) {
    if (registered) log.warn({ err: error, requestId: request.requestId }, "relayed ingest failed");
    reply({ ...base, stage: "failed", error: toWireError(error), afterRegistration: registered });
  }
}
