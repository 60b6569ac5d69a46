import type { AskResponse } from "@audited-rag/core";
import { describe, expect, it } from "vitest";
import { describeReadAs } from "./spelling-wording";

const trace = (...readAs: Array<Array<{ asked: string; read: string }>>): Pick<AskResponse, "trace"> => ({
  trace: {
    generator: "extractive",
    fixups: [],
    scores: readAs.map((fixes, part) => ({
      part,
      threshold: 0.7,
      candidates: 3,
      best: 0.9,
      claims: [],
      ...(fixes.length > 0 && { readAs: fixes }),
    })),
  },
});

describe("describeReadAs", () => {
  it("says which typed words were read as which printed ones, each once", () => {
    expect(describeReadAs(trace([{ asked: "temprature", read: "temperature" }]))).toBe(
      "Read “temprature” as “temperature”, as the sources print it.",
    );
    expect(
      describeReadAs(
        trace(
          [{ asked: "tranfser", read: "transfer" }],
          [
            { asked: "tranfser", read: "transfer" },
            { asked: "refnud", read: "refund" },
          ],
        ),
      ),
    ).toBe("Read “tranfser” as “transfer” and “refnud” as “refund”, as the sources print them.");
  });

  it("says nothing when every word was read as typed or there is no trace", () => {
    expect(describeReadAs(trace([]))).toBeNull();
    expect(describeReadAs({})).toBeNull();
  });
});
