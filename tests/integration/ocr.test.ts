import { containsNormalized, ocrPageSchema } from "@audited-rag/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImageOnlyPdf } from "../support/make-pdf";
import { makeScannedPdf } from "../support/make-scanned-pdf";
import { multipartFile } from "../support/multipart";
import { startTestApp, type TestApp } from "../support/test-app";

const scannedText = [
  "Reservoir report. The reservoir at Lake Pelham holds 42 million litres of water when it is full.",
  "The pumping station was rebuilt in 2019 and now serves four villages in the valley.",
];
const typedText = ["Maintenance schedule. The filters of the pumping station are replaced every six weeks."];

describe("OCR of pages without a text layer (real Tesseract, real PDFs built here)", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(async () => test.close());

  async function upload(bytes: Uint8Array, filename: string) {
    const { payload, headers } = multipartFile(bytes, filename);
    return test.app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
  }
  const ask = async (question: string, documentIds?: string[]) =>
    (await test.app.inject({ method: "POST", url: "/api/ask", payload: { question, documentIds } })).json();

  it("reads a scanned page, answers from it with a quote the OCR text holds and serves its word boxes", async () => {
    const response = await upload(await makeScannedPdf([scannedText]), "scanned-report.pdf");
    expect(response.statusCode).toBe(201);
    const document = response.json().document;
    expect(document).toMatchObject({ status: "ready", pages: 1 });

    const answer = await ask("How many litres of water does the reservoir at Lake Pelham hold?");
    const claim = answer.parts[0].claims[0];
    expect(claim?.text).toMatch(/42 million litres/);
    const entry = answer.ledger.find((item: { id: number }) => item.id === claim.citations[0]);
    expect(entry.ocr.confidence).toBeGreaterThan(0.6);
    expect(containsNormalized(entry.text, claim.quote)).toBe(true);

    const words = await test.app.inject({ method: "GET", url: `/api/documents/${document.id}/pages/1/ocr` });
    expect(words.statusCode).toBe(200);
    const page = ocrPageSchema.parse(words.json());
    expect(page.words.map((word) => word.text).join(" ")).toContain("Lake Pelham holds 42 million");
    // Boxes are in PDF units on an A4 page, the first line near its top.
    const pelham = page.words.find((word) => word.text === "Pelham");
    expect(pelham?.y).toBeGreaterThan(600);
    expect(pelham?.x).toBeGreaterThan(0);
    expect(pelham?.x).toBeLessThan(595);
  }, 60_000);

  it("keeps both the typed and the scanned pages of a mixed document; typed pages have no OCR words", async () => {
    const response = await upload(await makeScannedPdf([{ text: typedText }, scannedText]), "mixed.pdf");
    expect(response.statusCode).toBe(201);
    const document = response.json().document;
    expect(document).toMatchObject({ status: "ready", pages: 2 });

    const typed = await ask("How often are the filters of the pumping station replaced?", [document.id]);
    const typedEntry = typed.ledger.find((item: { id: number }) => item.id === typed.parts[0].claims[0]?.citations[0]);
    expect(typed.parts[0].claims[0]?.text).toMatch(/every six weeks/);
    expect(typedEntry).toMatchObject({ filename: "mixed.pdf", page: 1 });
    expect(typedEntry.ocr).toBeUndefined();

    const scanned = await ask("When was the pumping station rebuilt?", [document.id]);
    const scannedEntry = scanned.ledger.find(
      (item: { id: number }) => item.id === scanned.parts[0].claims[0]?.citations[0],
    );
    expect(scanned.parts[0].claims[0]?.text).toMatch(/2019/);
    expect(scannedEntry).toMatchObject({ filename: "mixed.pdf", page: 2 });

    const typedWords = await test.app.inject({ method: "GET", url: `/api/documents/${document.id}/pages/1/ocr` });
    expect(typedWords.statusCode).toBe(404);
    expect(typedWords.json().error.code).toBe("NOT_FOUND");
  }, 60_000);

  it("still refuses a scan with nothing legible on it, and stores nothing", async () => {
    const response = await upload(await makeImageOnlyPdf(1), "blank-scan.pdf");
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: "PDF_NO_TEXT" });
    expect(response.json().error.message).toMatch(/OCR found nothing legible/);
    const listed = (await test.app.inject({ method: "GET", url: "/api/documents" })).json().documents;
    expect(listed.some((entry: { filename: string }) => entry.filename === "blank-scan.pdf")).toBe(false);
  }, 60_000);

  it("lists the OCR mode and the installed language packs in /api/config", async () => {
    const config = (await test.app.inject({ method: "GET", url: "/api/config" })).json();
    expect(config.ocr).toEqual({ mode: "auto", languages: ["eng"], installed: expect.arrayContaining(["eng"]) });
  });
});
