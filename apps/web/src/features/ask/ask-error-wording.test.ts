import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { describeAskError } from "./ask-error-wording";

describe("describeAskError", () => {
  it("explains that documents are needed first", () => {
    const wording = describeAskError(new ApiError(409, "NO_DOCUMENTS", "No documents are ready."));
    expect(wording.summary).toContain("Upload a PDF");
    expect(wording.detail).toBe("No documents are ready.");
  });

  it("treats any 503 as an unavailable service", () => {
    expect(describeAskError(new ApiError(503, "GENERATOR_UNAVAILABLE", "x")).summary).toContain("generator");
    expect(describeAskError(new ApiError(503, "SOMETHING_ELSE", "x")).summary).toContain("unavailable");
  });

  it("shows unknown errors with the server's message only", () => {
    expect(describeAskError(new ApiError(400, "INVALID_REQUEST", "question must not be empty"))).toEqual({
      summary: "question must not be empty",
      detail: null,
    });
  });
});
