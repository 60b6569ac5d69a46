import { expect, test } from "@playwright/test";
import { type FakeJevServer, startFakeJevServer } from "../support/fake-jev-server";
import { askThroughForm } from "./support/ask";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { horizontalOverflow, openPage, projectViewport, screenshot, type WatchedPage } from "./support/browser";
import { type E2eServer, startE2eServer } from "./support/e2e-server";
import { makeRepairablePolicyPdf } from "./support/policy-pdf";

const twoParts =
  "How long do customers have to cancel their subscription, and which cities does the delivery service operate in?";

/** Relative luminance of the page background (the root element's computed, opaque `rgb(...)` colour). */
function backgroundLuminance(page: WatchedPage["page"]): Promise<number> {
  return page.evaluate(() => {
    const colour = getComputedStyle(document.documentElement).backgroundColor;
    if (!colour.startsWith("rgb(")) throw new Error(`the page background is not an opaque colour: ${colour}`);
    const [r, g, b] = (colour.match(/\d+/g) ?? [])
      .slice(0, 3)
      .map((value) => Number(value) / 255)
      .map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });
}

// Support check on (fake Jev), so the audit panel and its technical record are on the page too.
for (const scheme of ["light", "dark"] as const) {
  test.describe(`look and accessibility, ${scheme} theme`, () => {
    test.describe.configure({ mode: "serial" });
    let jev: FakeJevServer;
    let server: E2eServer;
    let watched: WatchedPage;

    test.beforeAll(async ({ browser }, testInfo) => {
      jev = await startFakeJevServer();
      server = await startE2eServer({
        RAG_JEV_MODE: "observe",
        TYPESAFE_API_KEY: "test-key",
        TYPESAFE_BASE_URL: jev.url,
        // A long budget keeps a deliberately slow check running while axe looks at the progress.
        RAG_JEV_BUDGET_MS: "60000",
      });
      // With the postal page a retrieved passage stays uncited, so "Other retrieved passages" is on the page too.
      await server.upload(await makeRepairablePolicyPdf(), "policy.pdf");
      watched = await openPage(browser, server.url, testInfo);
      await watched.page.emulateMedia({ colorScheme: scheme });
      await watched.page.reload();
    });
    test.afterAll(async () => {
      await watched?.context.close();
      await server?.close();
      await jev?.close();
    });

    test("follows the system colour scheme", async () => {
      const luminance = await backgroundLuminance(watched.page);
      if (scheme === "dark") expect(luminance).toBeLessThan(0.05);
      else expect(luminance).toBeGreaterThan(0.8);
    });

    test("has no serious or critical axe findings on the empty workspace", async () => {
      await watched.page.getByText("Support check: observe").waitFor();
      await expectNoSeriousAxeViolations(watched.page, `the workspace (${scheme})`);
    });

    test("has no serious or critical axe findings with an answer, its check, sources and the PDF open", async ({}, testInfo) => {
      const { page } = watched;
      await askThroughForm(page, twoParts);
      await page.locator(".audit").getByText("Likely supported").first().waitFor();
      await page.getByText("Technical record").click();
      await page.locator(".record-claim").first().waitFor();
      await page
        .getByText(/Other retrieved passages/)
        .first()
        .click();
      await page.locator(".citation-marker").first().click();
      await page
        .locator(".passage--selected")
        .getByRole("button", { name: /View PDF page/ })
        .click();
      await page.locator(".textLayer .quote-highlight").first().waitFor();
      await expectNoSeriousAxeViolations(page, `an answer with the PDF open (${scheme})`);
      expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(projectViewport(testInfo).width);
      await screenshot(page, `theme-${scheme}-answer`, testInfo);
    });

    test("has no serious or critical axe findings while a question streams", async ({}, testInfo) => {
      const { page } = watched;
      // Slow enough that the check is still running after axe and the screenshot; Cancel ends it.
      jev.setHandler(() => ({ delayMs: 30_000 }));
      const box = page.getByRole("textbox", { name: "Question" });
      await box.fill(twoParts);
      await box.press("Enter");
      await page.locator(".ask-stage--current").filter({ hasText: "Check support" }).waitFor();
      await page.locator(".draft-claim").first().waitFor();
      await expectNoSeriousAxeViolations(page, `a question in progress (${scheme})`);
      await screenshot(page, `theme-${scheme}-progress`, testInfo);
      await page.getByRole("button", { name: "Cancel the question" }).click();
      jev.setHandler();
    });

    test("has no serious or critical axe findings on the history page and dialogs", async ({}, testInfo) => {
      const { page } = watched;
      await page.getByRole("link", { name: "History" }).click();
      await page.locator(".history-item").first().waitFor();
      await expectNoSeriousAxeViolations(page, `the history (${scheme})`);
      await page.getByRole("button", { name: "Delete all" }).click();
      await page.getByRole("dialog", { name: "Delete every past answer?" }).waitFor();
      await expectNoSeriousAxeViolations(page, `the delete dialog (${scheme})`);
      await screenshot(page, `theme-${scheme}-history-dialog`, testInfo);
      await page.getByRole("dialog").getByRole("button", { name: "Cancel", exact: true }).click();
      expect(watched.problems).toEqual([]);
    });
  });
}
