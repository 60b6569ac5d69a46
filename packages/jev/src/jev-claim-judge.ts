import type { ComponentHealth } from "@audited-rag/core";
import type { ClaimJudge, JudgeReply } from "./claim-judge";
import type { JevTransport } from "./jev-transport";
import { acceptsReturnedModel, isPinnedModel } from "./policy";
import { buildJevRequest, PROMPT_VERSION, questionName } from "./prompt";
import { parseJevResponse } from "./response-schema";

const NO_USAGE = { inputTokens: 0, outputTokens: 0 };

/** Judges claims with TypeSafe's Jev over a `JevTransport`: excerpts leave this machine. */
export class JevClaimJudge implements ClaimJudge {
  readonly kind = "jev";
  readonly promptVersion = PROMPT_VERSION;

  constructor(
    private readonly transport: JevTransport,
    readonly model: string,
    /** How long a health check may take. */
    private readonly healthTimeoutMs: number,
  ) {}

  async judge(claims: readonly string[], excerpts: readonly string[], signal: AbortSignal): Promise<JudgeReply> {
    const reply = await this.transport.systemOne(buildJevRequest(this.model, claims, excerpts), signal);
    const { requestId } = reply;
    if (reply.status < 200 || reply.status > 299) {
      return {
        kind: "refused",
        detail: { cause: "http_status", httpStatus: reply.status },
        requestId,
        returnedModel: null,
        usage: NO_USAGE,
      };
    }
    const response = parseJevResponse(reply.body);
    if (!response) {
      return {
        kind: "refused",
        detail: { cause: "unreadable_reply" },
        requestId,
        returnedModel: null,
        usage: NO_USAGE,
      };
    }
    const { model: returnedModel, usage } = response;
    if (!acceptsReturnedModel(this.model, returnedModel)) {
      return { kind: "refused", detail: { cause: "model_mismatch" }, requestId, returnedModel, usage };
    }
    const distributions = claims.map((_, index) => response.distribution(questionName(index)));
    return { kind: "answered", requestId, returnedModel, usage, distributions };
  }

  async health(signal?: AbortSignal): Promise<ComponentHealth> {
    const timeout = AbortSignal.timeout(this.healthTimeoutMs);
    try {
      const reply = await this.transport.listModels(signal ? AbortSignal.any([signal, timeout]) : timeout);
      if (reply.status === 401 || reply.status === 403) return degraded("TypeSafe rejected the API key");
      if (reply.status < 200 || reply.status > 299) return degraded(`TypeSafe answered HTTP ${reply.status}`);
      if (!reply.models) return degraded("TypeSafe sent an unreadable model list");
      const listed = reply.models.includes(this.model) || !isPinnedModel(this.model);
      if (!listed) return degraded(`TypeSafe does not list ${this.model}`, this.model);
      return { status: "ok", model: this.model };
    } catch {
      return degraded("TypeSafe API unreachable");
    }
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}

function degraded(detail: string, model?: string): ComponentHealth {
  return model ? { status: "degraded", detail, model } : { status: "degraded", detail };
}
