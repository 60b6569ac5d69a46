import { describe, expect, it } from "vitest";
import { clientErrorResponse, isClientAbort } from "./client-errors";

const parserError = (code: string) => Object.assign(new Error("parse"), { code });

describe("clientErrorResponse", () => {
  it("maps Node's parser failures to contract codes and statuses", () => {
    expect(clientErrorResponse(parserError("HPE_HEADER_OVERFLOW"))).toMatchObject({
      status: 431,
      code: "HEADERS_TOO_LARGE",
    });
    expect(clientErrorResponse(parserError("ERR_HTTP_REQUEST_TIMEOUT"))).toMatchObject({
      status: 408,
      code: "REQUEST_TIMEOUT",
    });
    expect(clientErrorResponse(parserError("HPE_INVALID_METHOD"))).toMatchObject({
      status: 400,
      code: "INVALID_REQUEST",
    });
  });
});

describe("isClientAbort", () => {
  it("recognises a client that went away, and nothing else", () => {
    expect(isClientAbort(new Error("boom"), true)).toBe(true);
    expect(isClientAbort(parserError("ECONNRESET"), false)).toBe(true);
    expect(isClientAbort(parserError("ERR_STREAM_PREMATURE_CLOSE"), false)).toBe(true);
    expect(isClientAbort(Object.assign(new Error("x"), { name: "AbortError" }), false)).toBe(true);
    expect(isClientAbort(new Error("Request aborted"), false)).toBe(true);
    expect(isClientAbort(new Error("boom"), false)).toBe(false);
    expect(isClientAbort(parserError("SQLITE_FULL"), false)).toBe(false);
    expect(isClientAbort(undefined, false)).toBe(false);
  });
});
