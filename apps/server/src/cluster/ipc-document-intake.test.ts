import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DocumentInfo } from "@audited-rag/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { IpcDocumentIntake } from "./ipc-document-intake";
import type { IntakeRequest } from "./messages";

const document = {
  id: "d1",
  filename: "x.pdf",
  sha256: "0".repeat(64),
  bytes: 10,
  pages: 1,
  chunks: 0,
  status: "processing",
  createdAt: "2026-12-01T00:00:00.000Z",
} as DocumentInfo;

describe("IpcDocumentIntake", () => {
  let folder: string;
  let tempPath: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "audited-rag-intake-"));
    tempPath = path.join(folder, "upload.tmp");
    await writeFile(tempPath, "%PDF-1.7");
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  const upload = () => ({ tempPath, filename: "x.pdf", sha256: "0".repeat(64), bytes: 8 });
  const setup = () => {
    const sent: IntakeRequest[] = [];
    const intake = new IpcDocumentIntake((message) => {
      sent.push(message);
      return true;
    });
    return { intake, sent };
  };

  it("answers at registration and settles `done` when the owner finishes", async () => {
    const { intake, sent } = setup();
    const ingesting = intake.ingest(upload());
    const requestId = sent[0]?.requestId ?? "";
    expect(sent[0]).toMatchObject({ kind: "intake", op: "ingest", upload: upload() });
    intake.receive({ kind: "intake-reply", requestId, to: 1, stage: "registered", document, created: true });
    const result = await ingesting;
    expect(result).toMatchObject({ document, created: true });
    const ready = { ...document, status: "ready" as const };
    intake.receive({ kind: "intake-reply", requestId, to: 1, stage: "settled", document: ready });
    await expect(result.done).resolves.toEqual(ready);
  });

  it("carries the owner's error code, before and after registration", async () => {
    const { intake, sent } = setup();
    const refused = intake.ingest(upload());
    intake.receive({
      kind: "intake-reply",
      requestId: sent[0]?.requestId ?? "",
      to: 1,
      stage: "failed",
      error: { code: "PDF_NO_TEXT", message: "no text" },
    });
    await expect(refused).rejects.toMatchObject({ code: "PDF_NO_TEXT" });

    const later = intake.ingest(upload());
    const requestId = sent[1]?.requestId ?? "";
    intake.receive({ kind: "intake-reply", requestId, to: 1, stage: "registered", document, created: true });
    const { done } = await later;
    intake.receive({
      kind: "intake-reply",
      requestId,
      to: 1,
      stage: "failed",
      afterRegistration: true,
      error: { code: "EMBEDDER_UNAVAILABLE", message: "down" },
    });
    await expect(done).rejects.toMatchObject({ code: "EMBEDDER_UNAVAILABLE" });
  });

  it("fails waiting requests with 503 and removes an upload the owner never took when the owner dies", async () => {
    const { intake } = setup();
    const ingesting = intake.ingest(upload());
    const deleting = intake.deleteDocument("d1");
    intake.ownerLost();
    await expect(ingesting).rejects.toMatchObject({ code: "INGEST_UNAVAILABLE" });
    await expect(deleting).rejects.toMatchObject({ code: "INGEST_UNAVAILABLE" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(tempPath)).toBe(false);
  });
});
