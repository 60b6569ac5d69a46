import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Runs axe-core on the page as it is now and fails on any serious or critical violation, naming each node. */
export async function expectNoSeriousAxeViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`,
    );
  expect(serious, `axe on ${where}`).toEqual([]);
  // The check must have looked at something: a blank page passes every rule.
  expect(results.passes.length, `axe on ${where} ran its rules`).toBeGreaterThan(10);
}
