import type { DocumentInfo } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { makeTextBomb } from "../support/hostile-pdfs";
import { makeTextPdf } from "../support/make-pdf";
import { multipartFile } from "../support/multipart";
import { startTestApp, type TestApp } from "../support/test-app";

// A PDF pdf.js needs seconds for (one paragraph drawn thousands of times); the passage cap refuses it at the end.
const slowPdf = () => makeTextBomb({ pages: 1, drawsPerPage: 4_000 });

function upload(test: TestApp, bytes: Uint8Array | string, filename: string, query: string) {
  const { payload, headers } = multipartFile(bytes, filename);
  return test.app.inject({ method: "POST", url: `/api/documents${query}`, payload, headers });
}

async function waitForStatus(test: TestApp, id: string, wanted: DocumentInfo["status"]): Promise<DocumentInfo> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const document = (await test.app.inject({ method: "GET", url: `/api/documents/${id}` })).json() as DocumentInfo;
    if (document.status === wanted) return document;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`document ${id} never became ${wanted}`);
}

const normalPdf = (topic: string) =>
  makeTextPdf([[`The ${topic} committee meets every Tuesday and publishes its minutes the next day.`]]);

describe("the ingestion queue", () => {
  it("lets a normal upload finish while a slow PDF occupies the other extraction worker", async () => {
    const test = await startTestApp({ RAG_EXTRACT_WORKERS: "2" });
    try {
      const order: string[] = [];
      const slow = upload(test, slowPdf(), "slow.pdf", "?wait=true").then((response) => {
        order.push("slow");
        return response;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const normal = await upload(test, await normalPdf("garden"), "garden.pdf", "?wait=true");
      order.push("normal");
      expect(normal.statusCode).toBe(201);
      expect(normal.json().document.status).toBe("ready");
      expect((await slow).statusCode).toBe(422);
      expect(order).toEqual(["normal", "slow"]);
    } finally {
      await test.close();
    }
  }, 60_000);

  it("registers uploads that wait for a worker at once and shows their place in the queue", async () => {
    const test = await startTestApp({ RAG_EXTRACT_WORKERS: "1" });
    try {
      const slow = upload(test, slowPdf(), "slow.pdf", "?wait=true");
      await new Promise((resolve) => setTimeout(resolve, 300));
      const first = await upload(test, await normalPdf("bridge"), "bridge.pdf", "");
      const second = await upload(test, await normalPdf("tunnel"), "tunnel.pdf", "");
      expect(first.statusCode).toBe(202);
      expect(second.statusCode).toBe(202);
      expect(first.json().document.progress).toEqual({ stage: "queued", fraction: 0, ahead: 0 });
      expect(second.json().document.progress).toEqual({ stage: "queued", fraction: 0, ahead: 1 });
      const polled = (
        await test.app.inject({ method: "GET", url: `/api/documents/${second.json().document.id}` })
      ).json() as DocumentInfo;
      expect(polled.status).toBe("processing");
      expect(polled.progress?.stage).toBe("queued");

      expect((await slow).statusCode).toBe(422);
      const bridge = await waitForStatus(test, first.json().document.id, "ready");
      const tunnel = await waitForStatus(test, second.json().document.id, "ready");
      expect(bridge.pages).toBe(1);
      expect(tunnel.chunks).toBeGreaterThan(0);
    } finally {
      await test.close();
    }
  }, 60_000);

  it("shows a queued upload that turns out not to be a PDF as failed, with the same code a direct upload gets", async () => {
    const test = await startTestApp({ RAG_EXTRACT_WORKERS: "1" });
    try {
      const slow = upload(test, slowPdf(), "slow.pdf", "?wait=true");
      await new Promise((resolve) => setTimeout(resolve, 300));
      const queued = await upload(test, "just some words, not a PDF at all", "notes.pdf", "?wait=true");
      expect(queued.statusCode).toBe(415);
      expect(queued.json().error.code).toBe("UNSUPPORTED_MEDIA");
      await slow;
      const listed = (await test.app.inject({ method: "GET", url: "/api/documents" })).json()
        .documents as DocumentInfo[];
      const notes = listed.find((document) => document.filename === "notes.pdf");
      expect(notes).toMatchObject({ status: "failed", error: { code: "UNSUPPORTED_MEDIA" } });
    } finally {
      await test.close();
    }
  }, 60_000);

  it("refuses a document past the per-document passage cap with 422", async () => {
    const test = await startTestApp({ RAG_MAX_CHUNKS_PER_DOCUMENT: "5" });
    try {
      const pages = Array.from({ length: 8 }, (_, page) => [
        `Page ${page + 1} describes the lighthouse lamp schedule.`,
      ]);
      const refused = await upload(test, await makeTextPdf(pages), "long.pdf", "?wait=true");
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toEqual({
        code: "PDF_TOO_COMPLEX",
        message: "This PDF makes more than 5 passages, the limit for one document; it is refused.",
      });
    } finally {
      await test.close();
    }
  }, 30_000);
});
