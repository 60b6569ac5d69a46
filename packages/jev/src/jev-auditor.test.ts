import { type AuditPartInput, auditRecordSchema, InvalidRequestError } from "@audited-rag/core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closedPort } from "../../../tests/support/closed-port";
import { type FakeJevServer, startFakeJevServer } from "../../../tests/support/fake-jev-server";
import { sha256Hex } from "./assess-batch";
import { createJevAuditor, type JevSettings } from "./create-jev-auditor";
import { JevConfigurationError } from "./errors";
import type { JevAuditor } from "./jev-auditor";
import { POLICY_VERSION } from "./policy";
import { PROMPT_VERSION } from "./prompt";

const KEY = "sk-auditor-test-secret";
const PROVIDER_DETAIL = "provider-internal-detail-7731";

let server: FakeJevServer;
const auditors: JevAuditor[] = [];

beforeAll(async () => {
  server = await startFakeJevServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.setHandler();
  server.setModels(["jev-1.13.0", "jev-1.12.0"]);
  server.requests.length = 0;
});
afterEach(async () => {
  await Promise.all(auditors.splice(0).map((auditor) => auditor.close()));
});

function auditorWith(settings: Partial<JevSettings> = {}): JevAuditor {
  const auditor = createJevAuditor({ apiKey: KEY, baseUrl: server.url, ...settings });
  auditors.push(auditor);
  return auditor;
}

const passages = [
  { id: 1, text: "Customers may cancel within thirty days of purchase." },
  { id: 2, text: "Orders ship from the Rome warehouse." },
  { id: 3, text: "The Milan office handles returns." },
  { id: 4, text: "Unrelated passage about parking." },
];

function part(claims: AuditPartInput["claims"], index = 0): AuditPartInput {
  return { index, claims, passages };
}

interface WireBody {
  model: string;
  state: { excerpts: Array<{ label: string; text: string }> };
  questions: Record<string, { instructions: string }>;
}
const wire = (body: unknown) => body as WireBody;
const excerptsOf = (body: unknown) => wire(body).state.excerpts.map((excerpt) => excerpt.text);

describe("JevAuditor.audit", () => {
  it("sends each claim with only its own cited excerpts", async () => {
    const outcome = await auditorWith().audit({
      mode: "observe",
      parts: [
        part([
          { id: "p0c1", text: "Customers may cancel within thirty days of purchase.", citations: [1] },
          { id: "p0c2", text: "Orders ship from Rome.", citations: [2, 3] },
        ]),
      ],
    });
    const sent = server.requests.map((request) => excerptsOf(request.body)).sort((a, b) => a.length - b.length);
    expect(sent).toEqual([[passages[0]?.text], [passages[1]?.text, passages[2]?.text]]);
    const bodies = JSON.stringify(server.requests.map((request) => request.body));
    expect(bodies).not.toContain("parking");
    expect(wire(server.requests[0]?.body).state.excerpts[0]?.label).toBe("Excerpt 1");

    const [first, second] = outcome.claims;
    expect(first?.audit).toMatchObject({ status: "completed", suggestion: "keep", citationIds: [1], batchSize: 1 });
    expect(first?.audit.excerptSha256).toEqual([sha256Hex(passages[0]?.text ?? "")]);
    expect(second?.audit).toMatchObject({ status: "completed", suggestion: "withhold", citationIds: [2, 3] });
    expect(second?.audit.excerptSha256).toEqual([
      sha256Hex(passages[1]?.text ?? ""),
      sha256Hex(passages[2]?.text ?? ""),
    ]);
  });

  it("batches claims with identical cited sets into one request and counts its usage once", async () => {
    const outcome = await auditorWith().audit({
      mode: "observe",
      parts: [
        part([
          { id: "a", text: "Orders ship from Rome.", citations: [2, 3] },
          { id: "b", text: "Returns go to Milan.", citations: [3, 2] },
          { id: "c", text: "Orders ship from the Rome warehouse.", citations: [2] },
        ]),
      ],
    });
    expect(server.requests).toHaveLength(2);
    const batched = server.requests.find((request) => excerptsOf(request.body).length === 2);
    const questions = wire(batched?.body).questions;
    expect(Object.keys(questions)).toEqual(["claim_1", "claim_2"]);
    expect(questions.claim_2?.instructions).toContain("Claim: Returns go to Milan.");

    const [a, b, c] = outcome.claims;
    expect(outcome.claims.map((claim) => claim.claimId)).toEqual(["a", "b", "c"]);
    expect(a?.audit.batchSize).toBe(2);
    expect(b?.audit.batchSize).toBe(2);
    expect(b?.audit.citationIds).toEqual([3, 2]);
    expect(c?.audit.batchSize).toBe(1);
    expect(a?.audit.requestId).toBe(b?.audit.requestId);
    expect(a?.audit.usage).toEqual(b?.audit.usage);
    expect(outcome.usage).toEqual({
      jevRequests: 2,
      inputTokens: (a?.audit.usage.inputTokens ?? 0) + (c?.audit.usage.inputTokens ?? 0),
      outputTokens: (a?.audit.usage.outputTokens ?? 0) + (c?.audit.usage.outputTokens ?? 0),
    });
  });

  it("fills every record field and returns observed citations unchanged", async () => {
    const outcome = await auditorWith({ threshold: 0.8 }).audit({
      mode: "observe",
      parts: [part([{ id: "p0c1", text: "Anything at all.", citations: [4, 4] }])],
    });
    const [claim] = outcome.claims;
    expect(claim?.citations).toEqual([4, 4]);
    const record = auditRecordSchema.parse(claim?.audit);
    expect(record).toMatchObject({
      status: "completed",
      reason: null,
      suggestion: "withhold",
      citationIds: [4],
      requestedModel: "jev-1.13.0",
      returnedModel: "jev-1.13.0",
      requestId: expect.stringMatching(/^fake-req-\d+$/),
      batchSize: 1,
      policyVersion: POLICY_VERSION,
      promptVersion: PROMPT_VERSION,
      threshold: 0.8,
    });
    expect(record.latencyMs).toBeGreaterThanOrEqual(0);
    expect(record.usage.inputTokens).toBeGreaterThan(0);
    expect(record.repairPolicyVersion).toBeUndefined();
    expect(record.original).toBeUndefined();
  });

  it.each([
    [{ support: 0.8999, contradiction: 0.0501, insufficient: 0.05 }, "review"],
    [{ support: 0.9, contradiction: 0.05, insufficient: 0.05 }, "keep"],
    [{ support: 0.05, contradiction: 0.9, insufficient: 0.05 }, "withhold"],
    [{ support: 0.05, contradiction: 0.05, insufficient: 0.9 }, "withhold"],
    [{ support: 0.05, contradiction: 0.0501, insufficient: 0.8999 }, "review"],
  ])("suggests from the distribution %o → %s, whatever the confidence", async (distribution, suggestion) => {
    server.setHandler(() => ({ distribution }));
    const outcome = await auditorWith().audit({
      mode: "observe",
      parts: [part([{ id: "x", text: "X.", citations: [1] }])],
    });
    expect(outcome.claims[0]?.audit.distribution).toEqual(distribution);
    expect(outcome.claims[0]?.audit.suggestion).toBe(suggestion);
  });

  it("accepts any jev model for an alias and records the returned one", async () => {
    server.setHandler(() => ({ model: "jev-1.14.2" }));
    const outcome = await auditorWith({ model: "jev-latest" }).audit({
      mode: "observe",
      parts: [part([{ id: "x", text: "X.", citations: [1] }])],
    });
    expect(wire(server.requests[0]?.body).model).toBe("jev-latest");
    expect(outcome.claims[0]?.audit).toMatchObject({
      status: "completed",
      requestedModel: "jev-latest",
      returnedModel: "jev-1.14.2",
    });
  });

  it("runs parts concurrently, each under its own budget", async () => {
    server.setHandler(() => ({ delayMs: 400 }));
    const started = performance.now();
    const outcome = await auditorWith({ budgetMs: 2000 }).audit({
      mode: "observe",
      parts: [0, 1, 2].map((index) => part([{ id: `p${index}c1`, text: "X.", citations: [index + 1] }], index)),
    });
    // One after another would take 1200 ms.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(outcome.claims.map((claim) => claim.audit.status)).toEqual(["completed", "completed", "completed"]);
  });

  it("rejects claims that cite nothing or a passage the part did not retrieve", async () => {
    const auditor = auditorWith();
    await expect(
      auditor.audit({ mode: "observe", parts: [part([{ id: "x", text: "X.", citations: [] }])] }),
    ).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(
      auditor.audit({ mode: "observe", parts: [part([{ id: "x", text: "X.", citations: [9] }])] }),
    ).rejects.toBeInstanceOf(InvalidRequestError);
    expect(await auditor.audit({ mode: "observe", parts: [part([])] })).toEqual({
      claims: [],
      usage: { jevRequests: 0, inputTokens: 0, outputTokens: 0 },
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe("unavailable audits", () => {
  const oneClaim = [part([{ id: "x", text: "Customers may cancel within thirty days.", citations: [1] }])];

  it.each([
    {
      name: "a 5xx",
      reply: () => ({ status: 500, body: { error: { message: PROVIDER_DETAIL } } }),
      reason: "http_error",
      detail: { cause: "http_status", httpStatus: 500 },
    },
    {
      name: "a 401",
      reply: () => ({ status: 401, body: PROVIDER_DETAIL }),
      reason: "http_error",
      detail: { cause: "http_status", httpStatus: 401 },
    },
    {
      name: "a reset connection",
      reply: () => ({ reset: true }),
      reason: "http_error",
      detail: { cause: "unreachable" },
    },
    {
      name: "malformed JSON",
      reply: () => ({ malformed: true }),
      reason: "invalid_response",
      detail: { cause: "unreadable_reply" },
    },
    {
      name: "a missing label",
      reply: () => ({ distribution: { support: 0.9, contradiction: 0.1 } }),
      reason: "invalid_response",
      detail: { cause: "unreadable_reply" },
    },
    {
      name: "a bad sum",
      reply: () => ({ distribution: { support: 0.9, contradiction: 0.9, insufficient: 0.1 } }),
      reason: "invalid_response",
      detail: { cause: "unreadable_reply" },
    },
    {
      name: "an answerless body",
      reply: () => ({ rawBody: { model: "jev-1.13.0", detail: PROVIDER_DETAIL } }),
      reason: "invalid_response",
      detail: { cause: "unreadable_reply" },
    },
    {
      name: "another model",
      reply: () => ({ model: "jev-1.12.0" }),
      reason: "model_mismatch",
      detail: { cause: "model_mismatch" },
    },
  ])("records $name as $reason without leaking provider text", async ({ reply, reason, detail }) => {
    server.setHandler(reply);
    const outcome = await auditorWith().audit({ mode: "observe", parts: oneClaim });
    const record = outcome.claims[0]?.audit;
    expect(record).toMatchObject({ status: "unavailable", reason, distribution: null, suggestion: null });
    expect(record?.detail).toEqual(detail);
    expect(record?.requestedModel).toBe("jev-1.13.0");
    expect(auditRecordSchema.parse(record)).toEqual(record);
    expect(outcome.claims[0]?.citations).toEqual([1]);
    const text = JSON.stringify(outcome);
    expect(text).not.toContain(PROVIDER_DETAIL);
    expect(text).not.toContain(KEY);
    if (reason === "model_mismatch") expect(record?.returnedModel).toBe("jev-1.12.0");
  });

  it("marks only the malformed answer of a batch as invalid", async () => {
    server.setHandler(() => ({ distributions: { claim_2: null } }));
    const outcome = await auditorWith().audit({
      mode: "observe",
      parts: [
        part([
          { id: "a", text: "Customers may cancel within thirty days of purchase.", citations: [1] },
          { id: "b", text: "Something else.", citations: [1] },
        ]),
      ],
    });
    expect(outcome.claims.map((claim) => [claim.audit.status, claim.audit.reason])).toEqual([
      ["completed", null],
      ["unavailable", "invalid_response"],
    ]);
    expect(outcome.usage.jevRequests).toBe(1);
  });

  it("aborts a slow request at the deadline and returns in about the budget", async () => {
    server.setHandler(() => ({ delayMs: 5000 }));
    const started = performance.now();
    const outcome = await auditorWith({ budgetMs: 300 }).audit({ mode: "observe", parts: oneClaim });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(800);
    expect(outcome.claims[0]?.audit).toMatchObject({
      status: "unavailable",
      reason: "timeout",
      detail: { cause: "timed_out" },
    });
    expect(outcome.claims[0]?.audit.latencyMs).toBeGreaterThanOrEqual(250);
    // A request was sent, so it counts once although no reply (and no request id) came.
    expect(outcome.usage).toEqual({ jevRequests: 1, inputTokens: 0, outputTokens: 0 });
    await expect.poll(() => server.requests[0]?.closedEarly).toBe(true);
  });

  it("does not start requests once the budget is spent", async () => {
    server.setHandler(() => ({ delayMs: 5000 }));
    const outcome = await auditorWith({ budgetMs: 300, maxInFlightPerPart: 1 }).audit({
      mode: "observe",
      parts: [
        part([
          { id: "slow", text: "A.", citations: [1] },
          { id: "queued", text: "B.", citations: [2] },
        ]),
      ],
    });
    expect(outcome.claims.map((claim) => claim.audit.reason)).toEqual(["timeout", "budget_exhausted"]);
    expect(outcome.claims[1]?.audit.detail).toEqual({ cause: "budget_exhausted" });
    expect(server.requests).toHaveLength(1);
    // One request went out and timed out; the one never started is not counted.
    expect(outcome.usage.jevRequests).toBe(1);
    expect(outcome.claims[1]?.audit).toMatchObject({ requestId: null, latencyMs: 0, batchSize: 1 });
  });

  it("records a closed port as unreachable, naming the requested model", async () => {
    const auditor = createJevAuditor({ apiKey: KEY, baseUrl: `http://127.0.0.1:${await closedPort()}` });
    auditors.push(auditor);
    const outcome = await auditor.audit({ mode: "observe", parts: oneClaim });
    expect(outcome.claims[0]?.audit).toMatchObject({
      status: "unavailable",
      reason: "http_error",
      detail: { cause: "unreachable" },
      requestedModel: "jev-1.13.0",
      returnedModel: null,
    });
  });

  it("ends early, without throwing, when the caller cancels", async () => {
    server.setHandler(() => ({ delayMs: 5000 }));
    const started = performance.now();
    const outcome = await auditorWith().audit({ mode: "observe", parts: oneClaim }, AbortSignal.timeout(150));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(outcome.claims[0]?.audit.reason).toBe("timeout");
  });
});

describe("JevAuditor.health", () => {
  it("is ok when the pinned model is listed or the model is an alias", async () => {
    expect(await auditorWith().health()).toEqual({ status: "ok", model: "jev-1.13.0" });
    expect(await auditorWith({ model: "jev-latest" }).health()).toEqual({ status: "ok", model: "jev-latest" });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it("is degraded when the model is missing, the key is rejected or the API fails", async () => {
    expect((await auditorWith({ model: "jev-9.9.9" }).health()).status).toBe("degraded");
    server.setModels({ status: 401, body: PROVIDER_DETAIL });
    const rejected = await auditorWith().health();
    expect(rejected).toEqual({ status: "degraded", detail: "TypeSafe rejected the API key" });
    server.setModels({ status: 502 });
    expect((await auditorWith().health()).detail).toBe("TypeSafe answered HTTP 502");
    server.setModels({ status: 200, body: { data: [] } });
    expect((await auditorWith().health()).detail).toBe("TypeSafe sent an unreadable model list");
    const gone = await startFakeJevServer();
    await gone.close();
    expect(await auditorWith({ baseUrl: gone.url }).health()).toEqual({
      status: "degraded",
      detail: "TypeSafe API unreachable",
    });
  });
});

describe("createJevAuditor", () => {
  it("refuses to start without a key", () => {
    expect(() => createJevAuditor({})).toThrow(JevConfigurationError);
    expect(() => createJevAuditor({ apiKey: "   " })).toThrow(/TypeSafe API key/);
  });

  it("lists every invalid setting and never echoes the key", () => {
    const error = (() => {
      try {
        createJevAuditor({ apiKey: KEY, threshold: 1.5, budgetMs: -1, baseUrl: "ftp://example.com", model: "gpt" });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(JevConfigurationError);
    expect(error?.message).toMatch(/threshold/);
    expect(error?.message).toMatch(/budgetMs/);
    expect(error?.message).toMatch(/baseUrl/);
    expect(error?.message).toMatch(/model/);
    expect(error?.message).not.toContain(KEY);
  });

  it("applies the defaults", () => {
    const auditor = createJevAuditor({ apiKey: KEY, model: undefined, threshold: undefined });
    auditors.push(auditor);
    expect([auditor.model, auditor.threshold, auditor.budgetMs]).toEqual(["jev-1.13.0", 0.9, 5000]);
  });
});
