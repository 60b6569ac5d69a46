import { createHash } from "node:crypto";
import { type AskResponse, askResponseSchema, containsNormalized, suggestionSchema } from "@audited-rag/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJevServer, INSUFFICIENT, SUPPORTED, startFakeJevServer } from "../support/fake-jev-server";
import { type FakeOllamaServer, startFakeOllama } from "../support/fake-ollama-server";
import { makeTextPdf } from "../support/make-pdf";
import { multipartFile } from "../support/multipart";
import { startTestApp, type TestApp } from "../support/test-app";

const pages = [
  [
    "Cancellation policy. Customers can cancel their subscription within thirty days of purchase for a full refund.",
    "Refunds are paid to the original payment method within five business days of the cancellation request.",
  ],
  [
    "Service areas. The delivery service operates in Rome and Milan on weekdays between eight and six o'clock.",
    "Customer records are stored in data centres located in the European Union.",
  ],
  [
    "Postal cancellations. Customers can also cancel their subscription by post within thirty days of purchase, and the office confirms it in writing.",
  ],
];
const question = "What is the cancellation period and which cities does the delivery service operate in?";
const budgetMs = 600;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const withoutAudit = (answer: AskResponse) =>
  answer.parts.map((part) => ({ ...part, claims: part.claims.map((claim) => ({ ...claim, audit: null })) }));

describe("auditor through the HTTP API", () => {
  let jev: FakeJevServer;
  let test: TestApp;
  let documentId: string;

  beforeAll(async () => {
    jev = await startFakeJevServer();
    test = await startTestApp({
      RAG_JEV_MODE: "repair",
      TYPESAFE_API_KEY: "test-key-123",
      TYPESAFE_BASE_URL: jev.url,
      RAG_JEV_BUDGET_MS: String(budgetMs),
      // The audit needs claims to judge; on this small invented document scores run under the calibrated threshold.
      RAG_ANSWER_THRESHOLD: "0.5",
    });
    const { payload, headers } = multipartFile(await makeTextPdf(pages), "confidential-policy.pdf");
    const uploaded = await test.app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
    documentId = uploaded.json().document.id;
  });
  afterAll(async () => {
    await test?.close();
    await jev?.close();
  });

  async function ask(jevMode: string): Promise<AskResponse> {
    const response = await test.app.inject({ method: "POST", url: "/api/ask", payload: { question, jevMode } });
    expect(response.statusCode).toBe(200);
    const answer = askResponseSchema.parse(response.json());
    // The header repeats the stages of `timings`, rounded to hundredths of a millisecond.
    const timing = String(response.headers["server-timing"]);
    const stages = Object.fromEntries(
      [...timing.matchAll(/(\w+);dur=([\d.]+)/g)].map((match) => [match[1], Number(match[2])]),
    );
    expect(Object.keys(stages)).toEqual(["retrieval", "draft", "audit", "total"]);
    expect(stages.total).toBeCloseTo(answer.timings.totalMs, 1);
    expect(stages.audit).toBeCloseTo(answer.timings.auditMs, 1);
    return answer;
  }

  it("observes every claim without changing the answer", async () => {
    jev.setHandler();
    const off = await ask("off");
    jev.requests.length = 0;
    const observed = await ask("observe");

    expect(withoutAudit(observed)).toEqual(withoutAudit(off));
    expect(observed.ledger).toEqual(off.ledger);
    const claims = observed.parts.flatMap((part) => part.claims);
    expect(claims.length).toBeGreaterThan(1);
    const requestIds = new Set<string>();
    for (const claim of claims) {
      const audit = claim.audit;
      expect(audit?.status).toBe("completed");
      if (!audit?.distribution) throw new Error("missing distribution");
      const { support, contradiction, insufficient } = audit.distribution;
      const expected = support >= 0.9 ? "keep" : contradiction >= 0.9 || insufficient >= 0.9 ? "withhold" : "review";
      expect(suggestionSchema.parse(audit.suggestion)).toBe(expected);
      expect(audit.citationIds).toEqual(claim.citations);
      const texts = claim.citations.map((id) => observed.ledger.find((entry) => entry.id === id)?.text ?? "");
      expect(audit.excerptSha256).toEqual(texts.map(sha256));
      expect(audit.requestedModel).toBe("jev-1.13.0");
      if (audit.requestId) requestIds.add(audit.requestId);
    }
    expect(observed.usage.jevRequests).toBe(requestIds.size);

    const judgments = jev.requests.filter((request) => request.path === "/v1/systemone");
    expect(judgments.length).toBe(requestIds.size);
    for (const request of judgments) {
      expect(request.headers.authorization).toBe("Bearer test-key-123");
      expect((request.body as { model: string }).model).toBe("jev-1.13.0");
      const sent = JSON.stringify(request.body);
      expect(sent).not.toContain("confidential-policy");
      expect(sent).not.toContain(documentId);
      expect(sent).not.toContain("test-key-123");
    }
    const served = JSON.stringify(observed);
    expect(served).not.toContain("test-key-123");
  });

  it.each([
    ["a 500 with a body", { status: 500, body: { error: "PROVIDER-SECRET-DETAIL stack at x.py:12" } }, "http_error"],
    ["a malformed reply", { malformed: true }, "invalid_response"],
    ["a different model", { model: "jev-9.9.9" }, "model_mismatch"],
    ["a reply slower than the budget", { delayMs: budgetMs * 4 }, "timeout"],
  ])("keeps the answer when Jev sends %s", async (_label, reply, reason) => {
    jev.setHandler(() => reply);
    const started = performance.now();
    const answer = await ask("observe");
    const elapsed = performance.now() - started;
    const claims = answer.parts.flatMap((part) => part.claims);
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims) {
      expect(claim.audit).toMatchObject({ status: "unavailable", reason, suggestion: null });
    }
    expect(elapsed).toBeLessThan(budgetMs + 1500);
    expect(JSON.stringify(answer)).not.toContain("PROVIDER-SECRET-DETAIL");
    jev.setHandler();
  });

  it("repairs an insufficient citation with another retrieved passage that a fresh check supports", async () => {
    // The original citation of the cancellation claim is judged insufficient; any other excerpt is supported.
    let originals = 0;
    jev.setHandler((call) => {
      const isCancellation = call.questions.some((q) => /thirty days/.test(q.claim));
      const firstCheck = isCancellation && originals === 0;
      if (firstCheck) originals += 1;
      return { distribution: isCancellation && firstCheck ? INSUFFICIENT : SUPPORTED };
    });
    const off = await ask("off");
    const repaired = await ask("repair");
    jev.setHandler();

    expect(repaired.ledger.map(({ cited: _cited, ...entry }) => entry)).toEqual(
      off.ledger.map(({ cited: _cited, ...entry }) => entry),
    );
    const claim = repaired.parts.flatMap((part) => part.claims).find((item) => /thirty days/.test(item.quote));
    if (!claim?.audit) throw new Error("no audited cancellation claim");
    expect(claim.audit.repairPolicyVersion).toBe("single-passage-v1");
    const offClaim = off.parts.flatMap((part) => part.claims).find((item) => item.id === claim.id);
    expect(claim.text).toBe(offClaim?.text);
    expect(claim.draftCitations).toEqual(offClaim?.citations);
    expect(claim.citations).not.toEqual(claim.draftCitations);
    expect(claim.audit.original?.distribution).toEqual(INSUFFICIENT);
    expect(claim.audit.repairAttempts?.length).toBeGreaterThan(0);
    expect(claim.audit.suggestion).toBe("keep");
    const cited = repaired.ledger.find((entry) => entry.id === claim.citations[0]);
    expect(cited?.cited).toBe(true);
    // The quote was re-selected, verbatim, from the new passage; the drafted one stays in the trail.
    expect(claim.draftQuote).toBe(offClaim?.quote);
    expect(claim.quote).not.toBe(claim.draftQuote);
    expect(containsNormalized(cited?.text ?? "", claim.quote)).toBe(true);
  });

  it("does not repair onto a passage that holds no quote for the claim", async () => {
    // Every first check of a claim is insufficient and every other excerpt supported, but only
    // passages that restate the claim can be quoted from; the others are never tried.
    const firstChecks = new Set<string>();
    jev.setHandler((call) => {
      const claim = call.questions[0]?.claim ?? "";
      const first = !firstChecks.has(claim);
      firstChecks.add(claim);
      return { distribution: first ? INSUFFICIENT : SUPPORTED };
    });
    const repaired = await ask("repair");
    jev.setHandler();
    const byId = new Map(repaired.ledger.map((entry) => [entry.id, entry]));
    for (const claim of repaired.parts.flatMap((part) => part.claims)) {
      for (const id of claim.citations) expect(containsNormalized(byId.get(id)?.text ?? "", claim.quote)).toBe(true);
      const tried = claim.audit?.repairAttempts?.map((attempt) => attempt.citationId) ?? [];
      if (claim.citations[0] === claim.draftCitations[0]) {
        expect(claim.draftQuote).toBeUndefined();
        expect(claim.audit?.citationIds).toEqual(claim.draftCitations);
      }
      // "Rome and Milan" is stated once: no other passage could carry its quote, so nothing was tried.
      if (/Rome/.test(claim.text)) expect(tried).toEqual([]);
    }
  });
});

describe("the local auditor through the HTTP API", () => {
  let ollama: FakeOllamaServer;
  let test: TestApp;

  beforeAll(async () => {
    ollama = await startFakeOllama({ models: ["qwen2.5:3b"] });
    ollama.setChatHandler((call) => {
      const names = [...call.user.matchAll(/^(claim_\d+): /gm)].map((match) => match[1] ?? "");
      const answer = Object.fromEntries(names.map((name) => [name, SUPPORTED]));
      return { content: JSON.stringify(answer), promptEvalCount: 300, evalCount: 30 };
    });
    test = await startTestApp({ RAG_JEV_MODE: "observe", RAG_AUDITOR: "ollama", OLLAMA_HOST: ollama.url });
    const { payload, headers } = multipartFile(await makeTextPdf(pages), "local-policy.pdf");
    await test.app.inject({ method: "POST", url: "/api/documents?wait=true", payload, headers });
  });
  afterAll(async () => {
    await test?.close();
    await ollama?.close();
  });

  it("checks on this machine, says so, and counts every request once without request ids", async () => {
    const config = (await test.app.inject({ method: "GET", url: "/api/config" })).json();
    expect(config).toMatchObject({ auditor: "ollama", jevModel: "qwen2.5:3b", jevMode: "observe" });
    const health = (await test.app.inject({ method: "GET", url: "/api/health" })).json();
    expect(health.components.auditor).toMatchObject({ status: "ok", model: "qwen2.5:3b" });

    const response = await test.app.inject({ method: "POST", url: "/api/ask", payload: { question } });
    const answer = askResponseSchema.parse(response.json());
    expect(answer.jev).toMatchObject({ auditor: "ollama", model: "qwen2.5:3b", mode: "observe" });
    const records = answer.parts.flatMap((part) => part.claims.map((claim) => claim.audit));
    expect(records.length).toBeGreaterThan(0);
    for (const record of records)
      expect(record).toMatchObject({ status: "completed", requestId: null, suggestion: "keep" });
    const chats = ollama.requests.filter((request) => request.path === "/api/chat").length;
    expect(new Set(records.map((record) => record?.checkId)).size).toBe(chats);
    expect(answer.usage).toEqual({ jevRequests: chats, inputTokens: 300 * chats, outputTokens: 30 * chats });
    // Nothing but claim and excerpt texts reached the model: not the file name, not the question.
    const sent = JSON.stringify(ollama.requests.map((request) => request.body));
    expect(sent).not.toContain("local-policy.pdf");
    expect(sent).not.toContain(question);
  });
});
