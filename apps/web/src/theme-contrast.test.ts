import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The light and dark themes are two sets of the same custom properties in styles.css.
const css = readFileSync(new URL("./styles.css", import.meta.url), "utf8");

function tokens(block: string): Map<string, string> {
  return new Map(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)].map((m) => [m[1] as string, m[2] as string]),
  );
}

const light = tokens(css.slice(css.indexOf(":root {"), css.indexOf("}", css.indexOf(":root {"))));
const darkStart = css.indexOf("@media (prefers-color-scheme: dark)");
const dark = tokens(css.slice(darkStart, css.indexOf("}", darkStart)));

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** Text (first) on background (second), as the stylesheet pairs them. */
const pairs: Array<[string, string]> = [
  ["ink", "paper"],
  ["ink", "canvas"],
  ["ink", "paper-subtle"],
  ["ink", "neutral-soft"],
  ["ink", "accent-soft"],
  ["ink-muted", "paper"],
  ["ink-muted", "canvas"],
  ["ink-muted", "paper-subtle"],
  ["accent", "paper"],
  ["accent", "accent-soft"],
  ["on-accent", "accent"],
  ["on-accent", "accent-hover"],
  ["on-accent", "danger"],
  ["on-accent", "danger-hover"],
  ["danger", "paper"],
  ["danger", "danger-soft"],
  ["ok", "ok-soft"],
  ["ok", "paper"],
  ["warn", "warn-soft"],
  ["repair", "repair-soft"],
  ["repair", "paper"],
  ["quote-ink", "quote-soft"],
  ["quote-ink", "quote-soft-hover"],
  ["mark-ink", "mark"],
];

/** WCAG level of a ratio: 2 for AAA (7:1), 1 for AA (4.5:1), 0 below. */
const level = (ratio: number) => (ratio >= 7 ? 2 : ratio >= 4.5 ? 1 : 0);

describe("colour themes", () => {
  it("define the same tokens in light and dark", () => {
    expect([...dark.keys()].sort()).toEqual([...light.keys()].sort());
  });

  it.each(pairs)("keeps %s on %s at the light theme's contrast level in dark", (text, background) => {
    const lightRatio = contrast(light.get(text) as string, light.get(background) as string);
    const darkRatio = contrast(dark.get(text) as string, dark.get(background) as string);
    expect(level(lightRatio)).toBeGreaterThanOrEqual(1);
    expect(
      level(darkRatio),
      `${text} on ${background}: light ${lightRatio.toFixed(2)}, dark ${darkRatio.toFixed(2)}`,
    ).toBeGreaterThanOrEqual(level(lightRatio));
  });
});
