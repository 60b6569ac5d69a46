import { type AskResponse, askResponseSchema, type Claim } from "@audited-rag/core";
import type { Page } from "@playwright/test";

/** Types a question into the real form, submits it and returns the API's answer as the page received it. */
export async function askThroughForm(page: Page, question: string, mode?: "off" | "observe" | "repair") {
  await page.getByRole("textbox", { name: "Question" }).fill(question);
  if (mode) await page.getByLabel("Support check for this question").selectOption(mode);
  const [response] = await Promise.all([
    page.waitForResponse(
      (candidate) => candidate.url().endsWith("/api/ask/stream") && candidate.request().method() === "POST",
    ),
    page.getByRole("button", { name: "Ask", exact: true }).click(),
  ]);
  const answer = finalAnswer(await response.text());
  await page.getByRole("heading", { name: "Answer", exact: true }).waitFor();
  await page.waitForURL(`**/answers/${answer.id}`);
  return answer;
}

/** The AskResponse carried by the last line of a streamed ask (NDJSON). */
export function finalAnswer(body: string): AskResponse {
  const lines = body.split("\n").filter((line) => line.trim() !== "");
  const last = JSON.parse(lines.at(-1) ?? "null") as { type?: string; answer?: unknown } | null;
  if (last?.type !== "answer") throw new Error(`the stream did not end with an answer: ${lines.at(-1)}`);
  return askResponseSchema.parse(last.answer);
}

/** Every claim of an answer, in display order. */
export function allClaims(answer: AskResponse): Claim[] {
  return answer.parts.flatMap((part) => part.claims);
}

export function firstClaim(answer: AskResponse): Claim {
  const claim = allClaims(answer)[0];
  if (!claim) throw new Error(`expected at least one claim, got parts ${JSON.stringify(answer.parts)}`);
  return claim;
}
