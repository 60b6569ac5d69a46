import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildJevRequest, normalizeText, PROMPT_VERSION } from "./prompt";

/** The wording this PROMPT_VERSION stands for; a change to either must change both. */
const WORDING_SHA256: Record<string, string> = {
  "claim-excerpts-v1": "988d722d33f1dc4336aa2e18b5cf909460140a8a21bb3a5ecd88fdecda5c6620",
};

describe("normalizeText", () => {
  it("folds curly quotes and collapses whitespace", () => {
    expect(normalizeText("  The \u201Cfee\u201D isn\u2019t\n\tcharged  ")).toBe('The "fee" isn\'t charged');
  });
});

describe("buildJevRequest", () => {
  it("puts the normalised claim in the instructions and only labelled excerpt texts in the state", () => {
    const body = buildJevRequest("jev-1.13.0", ["Refunds take  \u201Cten\u201D days."], ["Excerpt A text", "B"]);
    expect(body.model).toBe("jev-1.13.0");
    expect(body.state).toEqual({
      excerpts: [
        { label: "Excerpt 1", text: "Excerpt A text" },
        { label: "Excerpt 2", text: "B" },
      ],
    });
    const question = body.questions.claim_1;
    expect(question?.type).toBe("choice");
    expect(question?.instructions.split("\n")[0]).toBe('Claim: Refunds take "ten" days.');
    expect(Object.keys(question?.criteria ?? {})).toEqual(["support", "contradiction", "insufficient"]);
  });

  it("names one question per claim", () => {
    const body = buildJevRequest("jev-1.13.0", ["one", "two", "three"], ["x"]);
    expect(Object.keys(body.questions)).toEqual(["claim_1", "claim_2", "claim_3"]);
  });

  it("keeps the wording pinned to PROMPT_VERSION", () => {
    const wording = JSON.stringify(buildJevRequest("{model}", ["{claim}"], ["{excerpt}"]));
    const digest = createHash("sha256").update(wording).digest("hex");
    // If this fails after editing the prompt, bump PROMPT_VERSION and record the new digest under it.
    expect(WORDING_SHA256[PROMPT_VERSION]).toBe(digest);
  });
});
