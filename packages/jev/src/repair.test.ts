import type { AuditPartInput } from "@audited-rag/core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeJevReply, type FakeJevServer, startFakeJevServer } from "../../../tests/support/fake-jev-server";
import { sha256Hex } from "./assess-batch";
import { createJevAuditor, type JevSettings } from "./create-jev-auditor";
import type { JevAuditor } from "./jev-auditor";
import { REPAIR_POLICY_VERSION } from "./repair";

const SUPPORT = { support: 0.95, contradiction: 0.02, insufficient: 0.03 };
const STRONG = { support: 0.99, contradiction: 0, insufficient: 0.01 };
const WEAK = { support: 0.4, contradiction: 0.05, insufficient: 0.55 };
const INSUFFICIENT = { support: 0.05, contradiction: 0.06, insufficient: 0.89 };
const CONTRADICTED = { support: 0.02, contradiction: 0.95, insufficient: 0.03 };

/** Retrieval order deliberately differs from id order. */
const passages = [
  { id: 1, text: "P1: the cited passage." },
  { id: 4, text: "P4: first candidate in retrieval order." },
  { id: 2, text: "P2: second candidate." },
  { id: 3, text: "P3: third candidate." },
];
const claim = { id: "p0c1", text: "The block size is sixteen bytes.", citations: [1] };
const onePart = (claims: AuditPartInput["claims"] = [claim]): AuditPartInput[] => [{ index: 0, claims, passages }];

let server: FakeJevServer;
const auditors: JevAuditor[] = [];

beforeAll(async () => {
  server = await startFakeJevServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});
afterEach(async () => {
  await Promise.all(auditors.splice(0).map((auditor) => auditor.close()));
});

/** Answers by the single excerpt's text; every request must carry exactly one excerpt. */
function scriptByExcerpt(replies: Record<string, FakeJevReply>) {
  server.setHandler((call) => {
    const key = call.excerpts.map((text) => text.slice(0, 2)).join("+");
    return { requestId: `req-${key}`, ...(replies[key] ?? { distribution: WEAK }) };
  });
}

function auditorWith(settings: Partial<JevSettings> = {}): JevAuditor {
  const auditor = createJevAuditor({ apiKey: "sk-repair-test", baseUrl: server.url, ...settings });
  auditors.push(auditor);
  return auditor;
}

const excerptsSent = () =>
  server.requests.map((request) =>
    (request.body as { state: { excerpts: Array<{ text: string }> } }).state.excerpts.map((excerpt) => excerpt.text),
  );

describe("single-passage repair", () => {
  it("swaps in the first candidate, in retrieval order, whose fresh check supports the claim", async () => {
    scriptByExcerpt({ P1: { distribution: INSUFFICIENT }, P4: { distribution: WEAK }, P2: { distribution: SUPPORT } });
    const outcome = await auditorWith().audit({ mode: "repair", parts: onePart() });
    const [result] = outcome.claims;

    expect(result?.citations).toEqual([2]);
    expect(excerptsSent()).toEqual([[passages[0]?.text], [passages[1]?.text], [passages[2]?.text]]);
    const record = result?.audit;
    expect(record).toMatchObject({
      status: "completed",
      distribution: SUPPORT,
      suggestion: "keep",
      citationIds: [2],
      excerptSha256: [sha256Hex(passages[2]?.text ?? "")],
      batchSize: 1,
      requestId: "req-P2",
      repairPolicyVersion: REPAIR_POLICY_VERSION,
    });
    expect(record?.original).toMatchObject({
      citationIds: [1],
      distribution: INSUFFICIENT,
      suggestion: "review",
      requestId: "req-P1",
    });
    expect(record?.original).not.toHaveProperty("repairAttempts");
    expect(record?.repairAttempts).toEqual([
      expect.objectContaining({ citationId: 4, status: "completed", distribution: WEAK, requestId: "req-P4" }),
      expect.objectContaining({
        citationId: 2,
        distribution: SUPPORT,
        excerptSha256: sha256Hex(passages[2]?.text ?? ""),
        requestId: "req-P2",
        returnedModel: "jev-1.13.0",
      }),
    ]);
    expect(outcome.usage.jevRequests).toBe(3);
  });

  it("counts usage once per request across final, original and attempts", async () => {
    scriptByExcerpt({
      P1: { distribution: INSUFFICIENT, usage: { input_tokens: 100, output_tokens: 3 } },
      P4: { distribution: STRONG, usage: { input_tokens: 40, output_tokens: 3 } },
    });
    const outcome = await auditorWith().audit({ mode: "repair", parts: onePart() });
    expect(outcome.claims[0]?.citations).toEqual([4]);
    expect(outcome.usage).toEqual({ jevRequests: 2, inputTokens: 140, outputTokens: 6 });
  });

  it("counts usage once per request when the provider sends no request ids", async () => {
    scriptByExcerpt({
      P1: { requestId: null, distribution: INSUFFICIENT, usage: { input_tokens: 100, output_tokens: 3 } },
      P4: { requestId: null, distribution: STRONG, usage: { input_tokens: 40, output_tokens: 3 } },
    });
    // Two claims share the first request; the second repairs onto P4 with one more request.
    const twin = { ...claim, id: "p0c2", text: "The block size is sixteen bytes long." };
    const outcome = await auditorWith().audit({ mode: "repair", parts: onePart([claim, twin]) });
    expect(outcome.claims.every((result) => result.audit.requestId === null)).toBe(true);
    expect(server.requests).toHaveLength(3);
    expect(outcome.usage).toEqual({ jevRequests: 3, inputTokens: 180, outputTokens: 9 });
  });

  it("keeps the original citation and record when no candidate qualifies", async () => {
    scriptByExcerpt({
      P1: { distribution: INSUFFICIENT },
      P4: { status: 500, body: "candidate outage detail" },
      P2: { distribution: WEAK },
      P3: { distribution: { support: 0.8999, contradiction: 0.0001, insufficient: 0.1 } },
    });
    const outcome = await auditorWith().audit({ mode: "repair", parts: onePart() });
    const [result] = outcome.claims;
    expect(result?.citations).toEqual([1]);
    expect(result?.audit).toMatchObject({ citationIds: [1], distribution: INSUFFICIENT, requestId: "req-P1" });
    expect(result?.audit.original?.requestId).toBe("req-P1");
    expect(result?.audit.repairAttempts?.map((attempt) => [attempt.citationId, attempt.reason])).toEqual([
      [4, "http_error"],
      [2, null],
      [3, null],
    ]);
    expect(JSON.stringify(outcome)).not.toContain("candidate outage detail");
  });

  it.each([
    { name: "supported", reply: { distribution: SUPPORT } },
    { name: "contradicted", reply: { distribution: CONTRADICTED } },
    { name: "unavailable", reply: { status: 503 } },
    { name: "evenly split", reply: { distribution: { support: 0.45, contradiction: 0.1, insufficient: 0.45 } } },
  ])("leaves a $name original untouched", async ({ reply }) => {
    scriptByExcerpt({ P1: reply, P4: { distribution: STRONG }, P2: { distribution: STRONG } });
    const outcome = await auditorWith().audit({ mode: "repair", parts: onePart() });
    expect(server.requests).toHaveLength(1);
    expect(outcome.claims[0]?.citations).toEqual([1]);
    expect(outcome.claims[0]?.audit).toMatchObject({ repairPolicyVersion: REPAIR_POLICY_VERSION, repairAttempts: [] });
    expect(outcome.claims[0]?.audit.original).toBeDefined();
  });

  it("leaves a jointly cited set intact even when it favours insufficient", async () => {
    scriptByExcerpt({ "P1+P4": { distribution: INSUFFICIENT }, P2: { distribution: STRONG } });
    const outcome = await auditorWith().audit({
      mode: "repair",
      parts: onePart([{ ...claim, citations: [1, 4] }]),
    });
    expect(server.requests).toHaveLength(1);
    expect(outcome.claims[0]?.citations).toEqual([1, 4]);
    expect(outcome.claims[0]?.audit.repairAttempts).toEqual([]);
  });

  it("never searches another part's passages", async () => {
    scriptByExcerpt({ P1: { distribution: INSUFFICIENT }, Q9: { distribution: STRONG } });
    const other = { index: 1, claims: [], passages: [{ id: 9, text: "Q9: the right answer, in another part." }] };
    const outcome = await auditorWith().audit({ mode: "repair", parts: [...onePart(), other] });
    expect(outcome.claims[0]?.citations).toEqual([1]);
    expect(JSON.stringify(server.requests.map((request) => request.body))).not.toContain("Q9");
    expect(outcome.claims[0]?.audit.repairAttempts?.map((attempt) => attempt.citationId)).toEqual([4, 2, 3]);
  });

  it("shares the part's budget with the original check and never resets it", async () => {
    scriptByExcerpt({
      P1: { distribution: INSUFFICIENT, delayMs: 250 },
      P4: { distribution: STRONG, delayMs: 400 },
    });
    const started = performance.now();
    const outcome = await auditorWith({ budgetMs: 500 }).audit({ mode: "repair", parts: onePart() });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(490);
    expect(elapsed).toBeLessThan(1000);
    const [result] = outcome.claims;
    expect(result?.citations).toEqual([1]);
    expect(result?.audit.repairAttempts).toEqual([expect.objectContaining({ citationId: 4, reason: "timeout" })]);
    expect(server.requests).toHaveLength(2);
  });

  it("records a candidate the spent budget could not start, then stops", async () => {
    // Two claims, one request slot: the second claim's slow check holds the slot past the deadline.
    server.setHandler((call) => {
      if (call.questions[0]?.claim === "Slow claim.") return { distribution: SUPPORT, delayMs: 2000 };
      return { distribution: call.excerpts[0]?.startsWith("P1") ? INSUFFICIENT : WEAK };
    });
    const outcome = await auditorWith({ budgetMs: 400, maxInFlightPerPart: 1 }).audit({
      mode: "repair",
      parts: onePart([claim, { id: "p0c2", text: "Slow claim.", citations: [3] }]),
    });
    const [repaired, slow] = outcome.claims;
    expect(slow?.audit.reason).toBe("timeout");
    expect(repaired?.citations).toEqual([1]);
    expect(repaired?.audit.repairAttempts).toEqual([
      expect.objectContaining({ citationId: 4, status: "unavailable", reason: "budget_exhausted", requestId: null }),
    ]);
  });
});
