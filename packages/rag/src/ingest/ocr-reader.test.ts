import { createCanvas } from "@napi-rs/canvas";
import { afterAll, describe, expect, it } from "vitest";
import { installedOcrLanguages, missingOcrLanguages, OcrReader } from "./ocr-reader";

/** One line of large print on white, as a 300 × 60 pt strip rendered at 2 pixels per point. */
function printedLine(text: string) {
  const scale = 2;
  const canvas = createCanvas(300 * scale, 60 * scale);
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#000";
  context.font = `${20 * scale}px serif`;
  context.fillText(text, 10 * scale, 40 * scale);
  return { png: new Uint8Array(canvas.toBuffer("image/png")), scale, pixelHeight: canvas.height };
}

describe("OcrReader (tesseract.js with the npm language pack)", () => {
  const reader = new OcrReader(["eng"], 1_000);
  afterAll(() => reader.close());

  it("knows which language packs are installed", () => {
    expect(installedOcrLanguages()).toContain("eng");
    expect(missingOcrLanguages(["eng", "klingon", "../eng"])).toEqual(["klingon", "../eng"]);
    expect(() => new OcrReader(["eng", "klingon"])).toThrow(/not installed for: klingon/);
  });

  it("reads printed words with their boxes in PDF units, bottom-up, on their line's baseline", async () => {
    reader.warm();
    const result = await reader.read(printedLine("Pumps run every night"));
    expect(result.words.map((word) => word.text)).toEqual(["Pumps", "run", "every", "night"]);
    expect(result.confidence).toBeGreaterThan(0.6);
    const [first] = result.words;
    // The text stands 40 pt from the strip's top, so its baseline is about 20 pt above the bottom edge.
    expect(result.baselines[0]).toBeGreaterThan(15);
    expect(result.baselines[0]).toBeLessThan(25);
    expect(first?.x).toBeGreaterThan(5);
    expect(first?.x).toBeLessThan(15);
    expect(first?.height).toBeGreaterThan(8);
    expect(new Set(result.baselines).size).toBe(1);
  }, 30_000);

  it("skips a page whose extraction ended before its turn, and reads the next", async () => {
    const skipped = reader.read(printedLine("never read"), () => true);
    await expect(skipped).rejects.toThrow(/ended before/);
    let started = false;
    const read = await reader.read(printedLine("Valves close"), undefined, () => {
      started = true;
    });
    expect(started).toBe(true);
    expect(read.words.map((word) => word.text)).toEqual(["Valves", "close"]);
  }, 30_000);
});
