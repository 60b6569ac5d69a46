import { describe, expect, it } from "vitest";
import { acceptsReturnedModel, favoursInsufficient, suggest, topLabel } from "./policy";

const d = (support: number, contradiction: number, insufficient: number) => ({ support, contradiction, insufficient });

describe("suggest", () => {
  it("keeps at exactly the threshold and reviews just below it", () => {
    expect(suggest(d(0.9, 0.05, 0.05), 0.9)).toBe("keep");
    expect(suggest(d(0.8999, 0.05, 0.0501), 0.9)).toBe("review");
  });

  it("withholds at the threshold for contradiction or insufficient, reviews just below", () => {
    expect(suggest(d(0.05, 0.9, 0.05), 0.9)).toBe("withhold");
    expect(suggest(d(0.05, 0.05, 0.9), 0.9)).toBe("withhold");
    expect(suggest(d(0.05, 0.8999, 0.0501), 0.9)).toBe("review");
    expect(suggest(d(0.0501, 0.05, 0.8999), 0.9)).toBe("review");
  });

  it("reviews a split distribution and follows a configured threshold", () => {
    expect(suggest(d(0, 0.53, 0.47), 0.9)).toBe("review");
    expect(suggest(d(0.75, 0.2, 0.05), 0.7)).toBe("keep");
  });
});

describe("favoursInsufficient", () => {
  it("needs insufficient to be strictly the largest", () => {
    expect(favoursInsufficient(d(0.1, 0.2, 0.7))).toBe(true);
    expect(favoursInsufficient(d(0.45, 0.1, 0.45))).toBe(false);
    expect(favoursInsufficient(d(0.1, 0.78, 0.22))).toBe(false);
  });
});

describe("topLabel", () => {
  it("names the largest probability", () => {
    expect(topLabel(d(1, 0, 0))).toBe("support");
    expect(topLabel(d(0, 0.78, 0.22))).toBe("contradiction");
    expect(topLabel(d(0, 0.47, 0.53))).toBe("insufficient");
  });
});

describe("acceptsReturnedModel", () => {
  it("requires a pinned model to come back unchanged", () => {
    expect(acceptsReturnedModel("jev-1.13.0", "jev-1.13.0")).toBe(true);
    expect(acceptsReturnedModel("jev-1.13.0", "jev-1.14.0")).toBe(false);
  });

  it("lets an alias accept any jev model", () => {
    expect(acceptsReturnedModel("jev-latest", "jev-1.14.2")).toBe(true);
    expect(acceptsReturnedModel("jev-1.13", "jev-1.13.4")).toBe(true);
    expect(acceptsReturnedModel("jev-latest", "gpt-4o")).toBe(false);
  });
});
