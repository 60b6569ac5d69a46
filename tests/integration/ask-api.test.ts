import { askResponseSchema, containsNormalized } from "@audited-rag/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTextPdf } from "../support/make-pdf";
import { multipartFile } from "../support/multipart";
import { startTestApp, type TestApp } from "../support/test-app";

const pages = [
  [
    "Cancellation policy. Customers can cancel their subscription within thirty days of purchase for a full refund.",
    "Refunds are paid to the original payment method within five business days of the cancellation request.",
  ],
  [
    "Data storage. Customer records are stored in data centres located in the European Union.",
    "Backups are encrypted with AES-256 and kept for ninety days before they are deleted.",
  ],
  [
    "Service areas. The delivery service operates in Rome and Milan on weekdays between eight and six o'clock.",
    "Deliveries outside Rome and Milan are not offered at present, and no date has been set for other cities.",
  ],
];

describe("ask API on the embedded defaults", () => {
  let test: TestApp;
  let documentId: string;

  beforeAll(async () => {
    // These tests check splitting, the ledger and abstention's plumbing on a small invented document,
    // where scores run lower than on real ones; the calibrated threshold is measured by `npm run eval`.
    test = await startTestApp({ RAG_ANSWER_THRESHOLD: "0.5" });
    const { payload, headers } = multipartFile(await makeTextPdf(pages), "policy.pdf");
    const response = await test.app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
    documentId = response.json().document.id;
  });
  afterAll(async () => test.close());

  async function ask(body: Record<string, unknown>) {
    return test.app.inject({ method: "POST", url: "/api/ask", payload: body });
  }

  it("refuses to answer before any document is ready", async () => {
    const empty = await startTestApp();
    try {
      const response = await empty.app.inject({ method: "POST", url: "/api/ask", payload: { question: "Anything?" } });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe("NO_DOCUMENTS");
    } finally {
      await empty.close();
    }
  });

  it("answers with verbatim quotes on the page that states the fact", async () => {
    const response = await ask({ question: "How long do customers have to cancel their subscription?" });
    expect(response.statusCode).toBe(200);
    const answer = askResponseSchema.parse(response.json());
    expect(answer.parts).toHaveLength(1);
    const [part] = answer.parts;
    expect(part?.status).toBe("answered");
    expect(part?.claims.length).toBeGreaterThan(0);
    for (const claim of part?.claims ?? []) {
      expect(claim.audit).toBeNull();
      expect(claim.citations).toEqual(claim.draftCitations);
      const cited = claim.citations.map((id) => answer.ledger.find((entry) => entry.id === id));
      expect(cited.some((entry) => entry && containsNormalized(entry.text, claim.quote))).toBe(true);
    }
    const first = part?.claims[0];
    const page = answer.ledger.find((entry) => entry.id === first?.citations[0])?.page;
    expect(first?.quote).toMatch(/thirty days/);
    expect(page).toBe(1);
    expect(answer.jev.mode).toBe("off");
    expect(answer.usage).toEqual({ jevRequests: 0, inputTokens: 0, outputTokens: 0 });

    const stored = await test.app.inject({ method: "GET", url: `/api/answers/${answer.id}` });
    expect(stored.json()).toEqual(response.json());
  });

  it("splits a compound question and keeps one ledger id per passage", async () => {
    const answer = (await ask({ question: "What is the cancellation window and which areas are served?" })).json();
    expect(answer.parts.map((part: { question: string }) => part.question)).toHaveLength(2);
    const ids = answer.ledger.map((entry: { id: number }) => entry.id);
    expect(ids).toEqual([...ids.keys()].map((index) => index + 1));
    expect(new Set(answer.ledger.map((entry: { chunkId: string }) => entry.chunkId)).size).toBe(ids.length);
    const areas = answer.parts[1];
    expect(areas.status).toBe("answered");
    expect(areas.claims.some((claim: { quote: string }) => /Rome and Milan/.test(claim.quote))).toBe(true);
  });

  it("says which parts beyond the third were not answered", async () => {
    const answer = (
      await ask({
        question: "What is the refund method? Where is data stored? Which cities are served? Who founded it?",
      })
    ).json();
    expect(answer.parts).toHaveLength(3);
    expect(answer.notAnswered).toEqual(["Who founded it?"]);
  });

  it("abstains when the documents do not answer", async () => {
    const answer = (await ask({ question: "What is the capital of Australia?" })).json();
    expect(answer.parts[0].status).toBe("abstained");
    expect(answer.parts[0].claims).toEqual([]);
  });

  it("filters by document and refuses unknown ids", async () => {
    const scoped = await ask({ question: "Where are customer records stored?", documentIds: [documentId] });
    expect(scoped.statusCode).toBe(200);
    const unknown = await ask({ question: "Where are customer records stored?", documentIds: ["does-not-exist"] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("NOT_FOUND");
  });

  it("validates the body and never raises the auditor mode", async () => {
    const empty = await ask({ question: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe("INVALID_REQUEST");
    const raised = await ask({ question: "Where is data stored?", jevMode: "observe" });
    expect(raised.statusCode).toBe(400);
    expect(raised.json().error.code).toBe("JEV_MODE_NOT_ALLOWED");
    const malformed = await test.app.inject({
      method: "POST",
      url: "/api/ask",
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe("INVALID_REQUEST");
  });

  it("reports health and public config without secrets", async () => {
    const health = (await test.app.inject({ method: "GET", url: "/api/health" })).json();
    expect(health.status).toBe("ok");
    expect(Object.keys(health.components).sort()).toEqual([
      "auditor",
      "disk",
      "embedder",
      "generator",
      "store",
      "vectorStore",
    ]);
    const config = (await test.app.inject({ method: "GET", url: "/api/config" })).json();
    expect(config).toEqual({
      jevMode: "off",
      jevModel: "jev-1.13.0",
      auditor: "jev",
      threshold: 0.9,
      budgetMs: 5000,
      generator: "extractive",
      embedder: "none",
      vectorStore: "embedded",
      maxUploadBytes: 50 * 1024 * 1024,
      ocr: { mode: "auto", languages: ["eng"], installed: ["eng"] },
    });
  });

  it("sends a strict content security policy", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/config" });
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });
});
