import { describe, expect, it } from "vitest";
import { ApiError, toApiError } from "./api-client";

describe("toApiError", () => {
  it("keeps the contract's code and message", () => {
    const error = toApiError(422, JSON.stringify({ error: { code: "PDF_NO_TEXT", message: "No text layer." } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: "PDF_NO_TEXT", message: "No text layer." });
  });

  it("falls back to the status for bodies that are not the error shape", () => {
    expect(toApiError(502, "<html>Bad gateway</html>")).toMatchObject({ code: "HTTP_502", status: 502 });
    expect(toApiError(500, JSON.stringify({ message: "raw provider body" })).message).not.toContain("raw provider");
  });
});
