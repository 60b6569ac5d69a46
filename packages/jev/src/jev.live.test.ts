import { describe, expect, it } from "vitest";
import { createJevAuditor } from "./create-jev-auditor";

/**
 * Runs against the real TypeSafe API with `npm run test:live` when TYPESAFE_API_KEY is set
 * (TYPESAFE_BASE_URL and RAG_JEV_MODEL optional). Sends two synthetic claims, nothing private.
 */
const apiKey = process.env.TYPESAFE_API_KEY;

describe.skipIf(!apiKey)("live Jev", () => {
  it("supports a claim its excerpt states and withholds one it contradicts", async () => {
    const auditor = createJevAuditor({
      apiKey,
      baseUrl: process.env.TYPESAFE_BASE_URL,
      model: process.env.RAG_JEV_MODEL,
    });
    try {
      expect((await auditor.health()).status).toBe("ok");
      const outcome = await auditor.audit({
        mode: "observe",
        parts: [
          {
            index: 0,
            claims: [
              { id: "p0c1", text: "Customers can cancel within thirty days.", citations: [1] },
              { id: "p0c2", text: "Customers can cancel within ninety days.", citations: [1] },
            ],
            passages: [{ id: 1, text: "Customers may cancel their subscription within thirty days of purchase." }],
          },
        ],
      });
      const [supported, contradicted] = outcome.claims;
      expect(supported?.audit.status).toBe("completed");
      expect(supported?.audit.suggestion).toBe("keep");
      expect(contradicted?.audit.suggestion).not.toBe("keep");
      expect(outcome.usage.jevRequests).toBe(1);
    } finally {
      await auditor.close();
    }
  });
});
