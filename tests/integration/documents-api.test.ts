import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImageOnlyPdf, makeTextPdf } from "../support/make-pdf";
import { multipartFile } from "../support/multipart";
import { startTestApp, type TestApp } from "../support/test-app";

const policyPages = [
  [
    "Cancellation policy. Customers can cancel their subscription within thirty days of purchase for a full refund.",
    "Refunds are paid to the original payment method within five business days of the cancellation request.",
  ],
  [
    "Service areas. The delivery service operates in Rome and Milan on weekdays between eight and six o'clock.",
    "Deliveries outside Rome and Milan are not offered at present, and no date has been set for other cities.",
  ],
];

async function filesIn(folder: string): Promise<string[]> {
  return existsSync(folder) ? readdir(folder) : [];
}

describe("documents API", () => {
  let test: TestApp;
  let policyPdf: Uint8Array;

  beforeAll(async () => {
    test = await startTestApp({ RAG_MAX_UPLOAD_MB: "1" });
    policyPdf = await makeTextPdf(policyPages);
  });
  afterAll(async () => test.close());

  async function upload(bytes: Uint8Array | string, filename = "policy.pdf", query = "?wait=true") {
    const { payload, headers } = multipartFile(bytes, filename);
    return test.app.inject({ method: "POST", url: `/api/documents${query}`, payload, headers });
  }

  async function expectNothingStored() {
    const originals = await filesIn(path.join(test.dataDir, "originals"));
    const temporary = await filesIn(path.join(test.dataDir, "tmp"));
    const listed = (await test.app.inject({ method: "GET", url: "/api/documents" })).json().documents;
    const ready = listed.filter((document: { status: string }) => document.status !== "failed");
    const readyShas = new Set(ready.map((document: { sha256: string }) => `${document.sha256}.pdf`));
    expect(originals.filter((name) => !readyShas.has(name))).toEqual([]);
    expect(temporary).toEqual([]);
  }

  it("ingests a PDF, keeps the original and deduplicates the same bytes", async () => {
    const created = await upload(policyPdf);
    expect(created.statusCode).toBe(201);
    const { document } = created.json();
    expect(document).toMatchObject({ filename: "policy.pdf", pages: 2, status: "ready", bytes: policyPdf.length });
    expect(document.sha256).toBe(createHash("sha256").update(policyPdf).digest("hex"));
    expect(document.chunks).toBeGreaterThan(0);

    const again = await upload(policyPdf, "copy.pdf");
    expect(again.statusCode).toBe(200);
    expect(again.json().document.id).toBe(document.id);

    const fetched = await test.app.inject({ method: "GET", url: `/api/documents/${document.id}` });
    expect(fetched.json()).toMatchObject({ id: document.id, status: "ready" });
    const file = await test.app.inject({ method: "GET", url: `/api/documents/${document.id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(Buffer.compare(file.rawPayload, Buffer.from(policyPdf))).toBe(0);
    const stored = await readFile(path.join(test.dataDir, "originals", `${document.sha256}.pdf`));
    expect(stored.length).toBe(policyPdf.length);
  });

  it("answers 202 and reports progress until the document is ready", async () => {
    const bytes = await makeTextPdf([["A separate document about lighthouse maintenance schedules and lamp checks."]]);
    const accepted = await upload(bytes, "lighthouse.pdf", "");
    expect(accepted.statusCode).toBe(202);
    const { document } = accepted.json();
    expect(document.status).toBe("processing");
    let status = "processing";
    for (let attempt = 0; attempt < 100 && status === "processing"; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await test.app.inject({ method: "GET", url: `/api/documents/${document.id}` })).json().status;
    }
    expect(status).toBe("ready");
  });

  it.each([
    ["a text file named .pdf", "just some words, not a PDF at all", 415, "UNSUPPORTED_MEDIA"],
    ["an empty file", "", 400, "EMPTY_FILE"],
    ["a file over the limit", `%PDF-1.7\n${"x".repeat(1024 * 1024 + 10)}`, 413, "FILE_TOO_LARGE"],
    [
      "a PDF damaged beyond reading",
      "%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage without any pages\n%%EOF",
      422,
      "PDF_UNREADABLE",
    ],
  ])("refuses %s with %i %s and stores nothing", async (_label, bytes, status, code) => {
    const response = await upload(bytes, "bad.pdf");
    expect(response.statusCode).toBe(status);
    const body = response.json();
    expect(body.error.code).toBe(code);
    expect(typeof body.error.message).toBe("string");
    expect(JSON.stringify(body)).not.toMatch(/at .+\.ts:\d+/);
    await expectNothingStored();
  });

  it("refuses a PDF without a text layer, saying OCR is not done", async () => {
    const response = await upload(await makeImageOnlyPdf(2), "scan.pdf");
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe("PDF_NO_TEXT");
    expect(response.json().error.message).toMatch(/OCR/);
    await expectNothingStored();
  });

  it("refuses an encrypted PDF", async () => {
    const bytes = await readFile(new URL("../fixtures/encrypted-policy.pdf", import.meta.url));
    const response = await upload(bytes, "locked.pdf");
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe("PDF_ENCRYPTED");
    await expectNothingStored();
  });

  it("asks for a file part and accepts only one", async () => {
    const missing = await test.app.inject({
      method: "POST",
      url: "/api/documents",
      payload: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe("INVALID_REQUEST");
    const wrongField = multipartFile(policyPdf, "policy.pdf", "upload");
    const wrong = await test.app.inject({ method: "POST", url: "/api/documents", ...wrongField });
    expect(wrong.statusCode).toBe(400);
  });

  it("deletes a document with its file, chunks and index entries", async () => {
    const bytes = await makeTextPdf([["The observatory opens its telescope dome every clear night at nine o'clock."]]);
    const { document } = (await upload(bytes, "observatory.pdf")).json();
    const asked = await test.app.inject({
      method: "POST",
      url: "/api/ask",
      payload: { question: "When does the observatory open its telescope dome?" },
    });
    expect(asked.json().ledger.some((entry: { documentId: string }) => entry.documentId === document.id)).toBe(true);

    const deleted = await test.app.inject({ method: "DELETE", url: `/api/documents/${document.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await test.app.inject({ method: "GET", url: `/api/documents/${document.id}/file` })).statusCode).toBe(404);
    expect((await test.app.inject({ method: "GET", url: `/api/documents/${document.id}` })).statusCode).toBe(404);
    expect(existsSync(path.join(test.dataDir, "originals", `${document.sha256}.pdf`))).toBe(false);
    const after = await test.app.inject({
      method: "POST",
      url: "/api/ask",
      payload: { question: "When does the observatory open its telescope dome?" },
    });
    expect(after.json().ledger.some((entry: { documentId: string }) => entry.documentId === document.id)).toBe(false);
    expect((await test.app.inject({ method: "DELETE", url: `/api/documents/${document.id}` })).statusCode).toBe(404);
  });

  it("answers unknown ids and routes with the error shape", async () => {
    for (const url of ["/api/documents/nope", "/api/documents/..%2f..%2fetc", "/api/answers/missing", "/api/nothing"]) {
      const response = await test.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
  });
});
