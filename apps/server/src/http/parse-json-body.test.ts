import { InvalidRequestError } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { parseJsonBody } from "./parse-json-body";

describe("parseJsonBody", () => {
  it("parses ordinary JSON, including words like prototype in values", () => {
    expect(parseJsonBody('{"question":"What is a prototype?"}')).toEqual({ question: "What is a prototype?" });
    expect(parseJsonBody('{"constructor":"a string is fine"}')).toEqual({ constructor: "a string is fine" });
  });

  it("names forbidden keys at any depth", () => {
    for (const text of [
      '{"__proto__":{"admin":true}}',
      '{"a":[{"b":{"__proto__":1}}]}',
      '{"constructor":{"prototype":{"x":1}}}',
    ]) {
      expect(() => parseJsonBody(text)).toThrow(/forbidden key \(__proto__ or constructor\.prototype\)/);
    }
  });

  it("says plainly when the body is empty or not JSON", () => {
    expect(() => parseJsonBody("  ")).toThrow(new InvalidRequestError("The body is empty"));
    expect(() => parseJsonBody("{question:")).toThrow(new InvalidRequestError("The body is not valid JSON"));
  });
});
