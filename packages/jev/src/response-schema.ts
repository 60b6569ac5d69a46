import type { Distribution, TokenUsage } from "@audited-rag/core";
import { z } from "zod";

/** How far the three probabilities may sum away from 1 before an answer is rejected. */
export const PROBABILITY_SUM_TOLERANCE = 0.02;

const probability = z.number().min(0).max(1);

/** One answer as we read it: the three labels are required; `choice` and `confidence` are not used. */
const answerSchema = z
  .object({
    probabilities: z.object({ support: probability, contradiction: probability, insufficient: probability }),
  })
  .refine(
    // The epsilon keeps a sum of exactly 1.02 (0.5 + 0.3 + 0.22 in floating point) inside the tolerance.
    ({ probabilities: p }) =>
      Math.abs(p.support + p.contradiction + p.insufficient - 1) <= PROBABILITY_SUM_TOLERANCE + 1e-9,
    { message: "probabilities must sum to 1" },
  );

const tokenCount = z.number().int().nonnegative().nullish();

/** The envelope of a `POST /v1/systemone` reply; answers are checked one by one. */
const responseSchema = z.object({
  model: z.string().min(1),
  answers: z.record(z.string(), z.unknown()),
  usage: z.object({ input_tokens: tokenCount, output_tokens: tokenCount }).nullish(),
});

export interface ParsedJevResponse {
  model: string;
  usage: TokenUsage;
  /** Reads one question's answer; null when it is missing or its probabilities are unusable. */
  distribution(questionName: string): Distribution | null;
}

/** Null when the body is not a usable reply at all. */
export function parseJevResponse(body: unknown): ParsedJevResponse | null {
  const parsed = responseSchema.safeParse(body);
  if (!parsed.success) return null;
  const { model, answers, usage } = parsed.data;
  return {
    model,
    usage: { inputTokens: usage?.input_tokens ?? 0, outputTokens: usage?.output_tokens ?? 0 },
    distribution(questionName) {
      const answer = answerSchema.safeParse(answers[questionName]);
      if (!answer.success) return null;
      const { support, contradiction, insufficient } = answer.data.probabilities;
      return { support, contradiction, insufficient };
    },
  };
}

const modelListSchema = z.object({
  models: z.array(z.union([z.string(), z.object({ id: z.string() }), z.object({ name: z.string() })])),
});

/** Names from `GET /v1/models`, which may list plain names or objects with an `id` or `name`. */
export function parseModelList(body: unknown): string[] | null {
  const parsed = modelListSchema.safeParse(body);
  if (!parsed.success) return null;
  return parsed.data.models.map((entry) => (typeof entry === "string" ? entry : "id" in entry ? entry.id : entry.name));
}
