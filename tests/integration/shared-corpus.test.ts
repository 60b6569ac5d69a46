import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { containsNormalized, normalizeForMatch } from "@audited-rag/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartFile } from "../support/multipart";
import { startTestApp, type TestApp } from "../support/test-app";

// The real public PDFs live beside the repository on our machines only (see ../shared/corpus/MANIFEST.md).
const corpus = path.resolve(import.meta.dirname, "../../../shared/corpus");
const present = existsSync(path.join(corpus, "NIST.FIPS.197.pdf"));
if (!present) console.warn(`shared corpus not found at ${corpus}: skipping the real-PDF tests`);

describe.skipIf(!present)("real PDFs from ../shared/corpus", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(async () => test?.close());

  async function upload(relative: string) {
    const bytes = await readFile(path.join(corpus, relative));
    const { payload, headers } = multipartFile(bytes, path.basename(relative));
    const started = performance.now();
    const response = await test.app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
    return { response, seconds: (performance.now() - started) / 1000 };
  }

  it("ingests FIPS 197 with 51 pages and answers on the page that states the fact", async () => {
    const { response } = await upload("NIST.FIPS.197.pdf");
    expect(response.statusCode).toBe(201);
    expect(response.json().document).toMatchObject({ pages: 51, status: "ready" });

    const answer = (
      await test.app.inject({
        method: "POST",
        url: "/api/ask",
        payload: { question: "What is the block size of AES?" },
      })
    ).json();
    const claims = answer.parts[0].claims;
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims) {
      const entry = answer.ledger.find((item: { id: number }) => item.id === claim.citations[0]);
      expect(containsNormalized(entry.text, claim.quote)).toBe(true);
    }
    expect(claims.some((claim: { quote: string }) => /128 bits/.test(normalizeForMatch(claim.quote)))).toBe(true);

    const unanswerable = (
      await test.app.inject({
        method: "POST",
        url: "/api/ask",
        payload: { question: "Who won the football world cup in 1998?" },
      })
    ).json();
    expect(unanswerable.parts[0].status).toBe("abstained");
  });

  it("reads the scanned page varied/c02-22.pdf with OCR and answers from its text", async () => {
    const { response } = await upload("varied/c02-22.pdf");
    expect(response.statusCode).toBe(201);
    const document = response.json().document;
    expect(document).toMatchObject({ pages: 1, status: "ready" });
    const answer = (
      await test.app.inject({
        method: "POST",
        url: "/api/ask",
        payload: { question: "Who was setting in the kitchen door?", documentIds: [document.id] },
      })
    ).json();
    const claim = answer.parts[0].claims[0];
    expect(claim?.text).toMatch(/Jim/);
    const entry = answer.ledger.find((item: { id: number }) => item.id === claim.citations[0]);
    expect(entry.ocr.confidence).toBeGreaterThan(0.6);
    expect(containsNormalized(entry.text, claim.quote)).toBe(true);
  }, 60_000);

  it.each([
    ["malformed/bug1020226.pdf", 422, "PDF_UNREADABLE"],
    ["varied/libreoffice-writer-password.pdf", 422, "PDF_ENCRYPTED"],
  ])("refuses %s with %i %s within 10 s", async (relative, status, code) => {
    const { response, seconds } = await upload(relative);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(seconds).toBeLessThan(10);
  });

  it.each([
    ["malformed/bug1606566.pdf", false],
    ["malformed/issue1293r.pdf", false],
    ["malformed/Pages-tree-refs.pdf", true],
  ])("accepts %s, which pdf.js can read despite damage", async (relative, expectWarnings) => {
    const { response, seconds } = await upload(relative);
    expect(response.statusCode).toBe(201);
    expect(seconds).toBeLessThan(10);
    const { document } = response.json();
    expect(document.status).toBe("ready");
    if (expectWarnings) expect(document.warnings?.length).toBeGreaterThan(0);
    const health = (await test.app.inject({ method: "GET", url: "/api/health" })).json();
    expect(health.status).toBe("ok");
  });
});
