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
  it("takes the highest balanced accuracy, weighing both groups alike", () => {
    const curve = [point(0.2, 60, 8), point(0.5, 55, 14), point(0.8, 30, 18)];
    // 0.60 + 0.40, 0.55 + 0.70, 0.30 + 0.90
    expect(chooseThreshold(curve)).toEqual({ point: curve[1], reachedTarget: false });
  });

  it("breaks a tie toward the higher threshold and says when the abstention target is met", () => {
    const curve = [point(0.4, 50, 18), point(0.6, 50, 18)];
    expect(chooseThreshold(curve)).toEqual({ point: curve[1], reachedTarget: true });
  });
});
