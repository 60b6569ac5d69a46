import { describe, expect, it } from "vitest";
import { parseLenientJson } from "./lenient-json";

const draft = { abstain: false, claims: [{ text: "Rent is due monthly.", quote: "due monthly", citations: [1] }] };
const json = JSON.stringify(draft);

describe("parseLenientJson", () => {
  it("passes strict JSON through with no fix-ups", () => {
    expect(parseLenientJson(json)).toEqual({ ok: true, value: draft, fixups: [] });
    expect(parseLenientJson(`  ${json}\n`)).toEqual({ ok: true, value: draft, fixups: [] });
  });

  it("strips a labelled or bare markdown fence", () => {
    expect(parseLenientJson(`\`\`\`json\n${json}\n\`\`\``)).toEqual({
      ok: true,
      value: draft,
      fixups: ["stripped_fence"],
    });
    expect(parseLenientJson(`\`\`\`\n${json}\n\`\`\``)).toEqual({ ok: true, value: draft, fixups: ["stripped_fence"] });
  });

  it("reads a fence that was never closed (output cut short after the object)", () => {
    expect(parseLenientJson(`\`\`\`json\n${json}`)).toMatchObject({ ok: true, value: draft });
  });

  it("extracts the object from prose before and after it", () => {
    const result = parseLenientJson(`Here is the JSON:\n${json}\nLet me know if you need more.`);
    expect(result).toEqual({ ok: true, value: draft, fixups: ["extracted_object"] });
  });

  it("skips braces in the preamble that are not the answer", () => {
    const result = parseLenientJson(`Using the {passages} given: ${json}`);
    expect(result).toMatchObject({ ok: true, value: draft, fixups: ["extracted_object"] });
  });

  it("ignores braces inside string values when finding the end of the object", () => {
    const withBraces = { abstain: false, claims: [{ text: "A {b} c", quote: "}{", citations: [2] }] };
    const result = parseLenientJson(`Answer: ${JSON.stringify(withBraces)} done {`);
    expect(result).toMatchObject({ ok: true, value: withBraces });
  });

  it("straightens curly quotes used as JSON quotes but keeps typographic quotes inside values", () => {
    const raw =
      "{“abstain”: false, “claims”: [{“text”: “The tenant said “yes” twice.”, “quote”: “said”, “citations”: [1]}]}";
    const result = parseLenientJson(raw);
    expect(result).toEqual({
      ok: true,
      value: { abstain: false, claims: [{ text: "The tenant said “yes” twice.", quote: "said", citations: [1] }] },
      fixups: ["straightened_quotes"],
    });
  });

  it("removes trailing commas outside strings only", () => {
    const raw = '{"abstain": false, "claims": [{"text": "a, ]", "quote": "b,}", "citations": [1,],},],}';
    expect(parseLenientJson(raw)).toEqual({
      ok: true,
      value: { abstain: false, claims: [{ text: "a, ]", quote: "b,}", citations: [1] }] },
      fixups: ["removed_trailing_commas"],
    });
  });

  it("combines fix-ups and names each one", () => {
    const raw = "```json\nSure:\n{“abstain”: true, “claims”: [],}\n```";
    const result = parseLenientJson(raw);
    expect(result).toEqual({
      ok: true,
      value: { abstain: true, claims: [] },
      fixups: ["stripped_fence", "extracted_object", "straightened_quotes", "removed_trailing_commas"],
    });
  });

  it("reports failure with a reason instead of throwing on broken text", () => {
    const result = parseLenientJson("not json at all { ] [");
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.reason.length > 0).toBe(true);
    expect(parseLenientJson("").ok).toBe(false);
    expect(parseLenientJson("The answer is yes.").ok).toBe(false);
  });
});
