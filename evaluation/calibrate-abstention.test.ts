import { describe, expect, it } from "vitest";
import { type CurvePoint, chooseThreshold } from "./calibrate-abstention";

const point = (threshold: number, correct: number, abstained: number): CurvePoint => ({
  threshold,
  correct,
  answerable: 100,
  abstained,
  unanswerable: 20,
});

describe("chooseThreshold", () => {
  it("takes the lowest threshold that abstains on 90% of the unanswerable questions", () => {
    const curve = [point(0.2, 60, 8), point(0.5, 55, 18), point(0.8, 30, 20)];
    expect(chooseThreshold(curve)).toEqual({ point: curve[1], reachedTarget: true });
  });

  it("falls back to the highest balanced accuracy when no threshold reaches the target", () => {
    const curve = [point(0.2, 60, 8), point(0.5, 55, 14), point(0.8, 30, 17)];
    // 0.60 + 0.40, 0.55 + 0.70, 0.30 + 0.85
    expect(chooseThreshold(curve)).toEqual({ point: curve[1], reachedTarget: false });
  });
});
