import { describe, expect, it } from "vitest";
import { observeResponse } from "../../fixtures/ask-responses";
import { needsStaleRefresh } from "./use-stale-refresh";

describe("needsStaleRefresh", () => {
  it("asks for a refresh only when a cited document is gone and not yet marked", () => {
    const response = observeResponse();
    const ids = [...new Set(response.ledger.map((entry) => entry.documentId))].map((id) => ({ id }));
    expect(needsStaleRefresh(response, ids)).toBe(false);
    expect(needsStaleRefresh(response, [])).toBe(true);
    const marked = { ...response, ledger: response.ledger.map((entry) => ({ ...entry, stale: "deleted" as const })) };
    expect(needsStaleRefresh(marked, [])).toBe(false);
  });
});
