import { type AuditPartInput, auditRecordSchema, type Distribution } from "@audited-rag/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closedPort } from "../../../tests/support/closed-port";
import {
  type FakeOllamaChatCall,
  type FakeOllamaChatReply,
  type FakeOllamaServer,
  startFakeOllama,
} from "../../../tests/support/fake-ollama-server";
import { createOllamaAuditor, type OllamaAuditorSettings } from "./create-ollama-auditor";
import { OLLAMA_JUDGE_PROMPT_VERSION } from "./ollama-judge-prompt";

const MODEL = "qwen2.5:3b";
let server: FakeOllamaServer;

beforeAll(async () => {
  server = await startFakeOllama({ models: [MODEL, "llama3.2:3b"] });
});
afterAll(() => server.close());
beforeEach(() => {
  server.setChatHandler(judgeBy(() => ({ support: 0.96, contradiction: 0.02, insufficient: 0.02 })));
  server.setModels([MODEL]);
  server.requests.length = 0;
});

/** Reads back the claims and excerpts of the judge prompt, as a model would see them. */
function promptOf(call: FakeOllamaChatCall) {
  const claims = [...call.user.matchAll(/^(claim_\d+): (.*)$/gm)].map((match) => ({ name: match[1], text: match[2] }));
  const excerpts = [...call.user.matchAll(/^\[Excerpt \d+\] (.*)$/gm)].map((match) => match[1] ?? "");
  return { claims, excerpts };
}

/** A chat handler answering each claim with `decide(claim, excerpts)`. */
function judgeBy(
  decide: (claim: string, excerpts: string[]) => Distribution,
): (call: FakeOllamaChatCall) => FakeOllamaChatReply {
  return (call) => {
    const { claims, excerpts } = promptOf(call);
    const answer = Object.fromEntries(claims.map((claim) => [claim.name, decide(claim.text ?? "", excerpts)]));
    return { content: JSON.stringify(answer), promptEvalCount: 200, evalCount: 20 };
  };
}

function auditor(settings: Partial<OllamaAuditorSettings> = {}) {
  return createOllamaAuditor({ host: server.url, ...settings });
}

const passages = [
  { id: 1, text: "Customers may cancel within thirty days of purchase." },
  { id: 2, text: "Orders ship from the Rome warehouse." },
  { id: 3, text: "Refunds are paid within thirty days of a cancellation." },
  { id: 4, text: "Unrelated passage about parking." },
];
const part = (claims: AuditPartInput["claims"]): AuditPartInput => ({ index: 0, claims, passages });
const oneClaim = [part([{ id: "x", text: "Customers may cancel within thirty days.", citations: [1] }])];
const chats = () => server.requests.filter((request) => request.path === "/api/chat");

describe("the Ollama auditor", () => {
  it("asks the local model about only the cited excerpts, with a JSON schema, and counts requests without ids", async () => {
    const outcome = await auditor().audit({
      mode: "observe",
      parts: [
        part([
          { id: "a", text: "Customers may cancel within thirty days.", citations: [1] },
          { id: "b", text: "Customers may cancel.", citations: [1] },
          { id: "c", text: "Orders ship from Rome.", citations: [2] },
        ]),
      ],
    });
    expect(chats()).toHaveLength(2);
    const body = chats()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ model: MODEL, stream: false, options: { temperature: 0 } });
    expect(body.format).toMatchObject({ type: "object", required: ["claim_1", "claim_2"] });
    const sent = JSON.stringify(chats().map((request) => request.body));
    expect(sent).toContain("<<<EXCERPTS");
    expect(sent).not.toContain("parking");
    for (const claim of outcome.claims) {
      expect(auditRecordSchema.parse(claim.audit)).toEqual(claim.audit);
      expect(claim.audit).toMatchObject({
        status: "completed",
        suggestion: "keep",
        requestedModel: MODEL,
        returnedModel: MODEL,
        requestId: null,
        promptVersion: OLLAMA_JUDGE_PROMPT_VERSION,
        usage: { inputTokens: 200, outputTokens: 20 },
      });
      expect(claim.audit.checkId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(outcome.claims.map((claim) => claim.audit.batchSize)).toEqual([2, 2, 1]);
    // Two requests, no provider ids: each counted once, the batched one not twice.
    expect(outcome.usage).toEqual({ jevRequests: 2, inputTokens: 400, outputTokens: 40 });
  });

  it("applies the shared policy to the model's numbers, normalised to sum to 1", async () => {
    server.setChatHandler(judgeBy(() => ({ support: 0.2, contradiction: 1, insufficient: 0 })));
    const [claim] = (await auditor().audit({ mode: "observe", parts: oneClaim })).claims;
    expect(claim?.audit.suggestion).toBe("review");
    expect(claim?.audit.distribution?.contradiction).toBeCloseTo(1 / 1.2, 6);
  });

  it("repairs through the same single-passage policy, trying only the given candidates", async () => {
    server.setChatHandler(
      judgeBy((_claim, excerpts) =>
        excerpts[0]?.includes("Refunds")
          ? { support: 0.95, contradiction: 0, insufficient: 0.05 }
          : { support: 0.05, contradiction: 0, insufficient: 0.95 },
      ),
    );
    const claim = { id: "r", text: "Refunds are paid within thirty days.", citations: [1], repairCandidates: [3] };
    const claims = [claim];
    const outcome = await auditor().audit({ mode: "repair", parts: [part(claims)] });
    expect(outcome.claims[0]?.citations).toEqual([3]);
    expect(outcome.claims[0]?.audit.repairAttempts?.map((attempt) => attempt.citationId)).toEqual([3]);
    expect(outcome.usage.jevRequests).toBe(2);

    server.requests.length = 0;
    const none = await auditor().audit({ mode: "repair", parts: [part([{ ...claim, repairCandidates: [] }])] });
    expect(none.claims[0]?.citations).toEqual([1]);
    expect(chats()).toHaveLength(1);
  });
});

describe("the Ollama auditor's unavailable records", () => {
  it.each([
    {
      name: "an HTTP 500",
      reply: (): FakeOllamaChatReply => ({ status: 500, error: "internal detail 4411" }),
      reason: "http_error",
      detail: { cause: "http_status", httpStatus: 500 },
    },
    {
      name: "a reply that is not JSON",
      reply: (): FakeOllamaChatReply => ({ content: "I think it is supported." }),
      reason: "invalid_response",
      detail: { cause: "unreadable_reply" },
    },
    {
      name: "a body without a message",
      reply: (): FakeOllamaChatReply => ({ rawBody: { done: true } }),
      reason: "invalid_response",
      detail: { cause: "unreadable_reply" },
    },
    {
      name: "another model",
      reply: (): FakeOllamaChatReply => ({ content: "{}", model: "llama3.2:3b" }),
      reason: "model_mismatch",
      detail: { cause: "model_mismatch" },
    },
  ])("records $name as $reason", async ({ reply, reason, detail }) => {
    server.setChatHandler(reply);
    const record = (await auditor().audit({ mode: "observe", parts: oneClaim })).claims[0]?.audit;
    expect(record).toMatchObject({ status: "unavailable", reason, detail, requestedModel: MODEL, suggestion: null });
    expect(JSON.stringify(record)).not.toContain("4411");
  });

  it("records a missing model as an HTTP 404 from Ollama", async () => {
    server.setModels(["llama3.2:3b"]);
    const record = (await auditor().audit({ mode: "observe", parts: oneClaim })).claims[0]?.audit;
    expect(record).toMatchObject({ reason: "http_error", detail: { cause: "http_status", httpStatus: 404 } });
  });

  it("records a closed port as unreachable", async () => {
    const closed = createOllamaAuditor({ host: `http://127.0.0.1:${await closedPort()}` });
    const record = (await closed.audit({ mode: "observe", parts: oneClaim })).claims[0]?.audit;
    expect(record).toMatchObject({ reason: "http_error", detail: { cause: "unreachable" }, requestedModel: MODEL });
  });

  it("records a slow model as timed out at the budget, and a queued claim as budget exhausted", async () => {
    server.setChatHandler(() => ({ content: "{}", delayMs: 3000 }));
    const outcome = await auditor({ budgetMs: 300, maxInFlightPerPart: 1 }).audit({
      mode: "observe",
      parts: [
        part([
          { id: "slow", text: "A.", citations: [1] },
          { id: "queued", text: "B.", citations: [2] },
        ]),
      ],
    });
    expect(outcome.claims.map((claim) => claim.audit.detail?.cause)).toEqual(["timed_out", "budget_exhausted"]);
    expect(outcome.claims.map((claim) => claim.audit.reason)).toEqual(["timeout", "budget_exhausted"]);
  });
});

describe("the Ollama auditor's health", () => {
  it("is ok when the model is pulled and says where checks run", async () => {
    expect(await auditor().health()).toMatchObject({ status: "ok", model: MODEL });
    expect((await auditor().health()).detail).toContain(`Ollama at ${server.url}`);
  });

  it("names the pull that fixes a missing model, and an unreachable host", async () => {
    server.setModels(["llama3.2:3b"]);
    expect((await auditor().health()).detail).toContain(`ollama pull ${MODEL}`);
    const closed = createOllamaAuditor({ host: `http://127.0.0.1:${await closedPort()}` });
    expect(await closed.health()).toMatchObject({ status: "degraded" });
  });

  it("refuses invalid settings, listing each", () => {
    expect(() => createOllamaAuditor({ host: "not a url", threshold: 2 })).toThrow(/host.*threshold|threshold.*host/s);
  });
});
