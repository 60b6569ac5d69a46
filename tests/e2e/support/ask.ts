import { type AskResponse, askResponseSchema, type Claim } from "@audited-rag/core";
import type { Page } from "@playwright/test";

/**
 * Types a question into the real form, submits it and returns the stored answer the page
 * now shows (read back from `GET /api/answers/:id`: the streamed body is gone once the page
 * moves to the answer's address).
 */
export async function askThroughForm(page: Page, question: string, mode?: "off" | "observe" | "repair") {
  await page.getByRole("textbox", { name: "Question" }).fill(question);
  if (mode) await page.getByLabel("Support check for this question").selectOption(mode);
  const before = page.url();
  await page.getByRole("button", { name: "Ask", exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/answers/") && url.href !== before);
  const url = new URL(page.url());
  const id = decodeURIComponent(url.pathname.slice("/answers/".length));
  const stored = await page.request.get(`${url.origin}/api/answers/${encodeURIComponent(id)}`);
  const answer = askResponseSchema.parse(await stored.json());
  await page.getByRole("heading", { name: "Answer", exact: true }).waitFor();
  return answer;
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
