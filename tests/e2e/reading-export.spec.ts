import { readFile } from "node:fs/promises";
import { askResponseSchema, normalizeForMatch } from "@audited-rag/core";
import { expect, test } from "@playwright/test";
import { askThroughForm, firstClaim } from "./support/ask";
import { openPage, screenshot, type WatchedPage } from "./support/browser";
import { clearHistory, clearLibrary, uploadTo } from "./support/e2e-server";
import { hyphenatedLines, makeLinesPdf, makePolicyPdf } from "./support/policy-pdf";

const cancellation = "How long do customers have to cancel their subscription?";

// Default webServer: the extractive drafter quotes whole sentences, so claim text and quote are the same.
test.describe("reading and exporting an answer", () => {
  test.describe.configure({ mode: "serial" });
  let baseURL: string;
  let watched: WatchedPage;

  test.beforeAll(async ({ browser }, testInfo) => {
    baseURL = testInfo.project.use.baseURL ?? "";
    await clearLibrary(baseURL);
    await clearHistory(baseURL);
    await uploadTo(baseURL, await makePolicyPdf(), "policy.pdf");
    await uploadTo(baseURL, await makeLinesPdf(hyphenatedLines), "annual-report.pdf");
    watched = await openPage(browser, baseURL, testInfo);
    await watched.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  });
  test.afterAll(async () => watched?.context.close());

  test("shows a claim that equals its quote once, as the quote with its citation", async () => {
    const { page } = watched;
    const answer = await askThroughForm(page, cancellation);
    const claim = firstClaim(answer);
    expect(normalizeForMatch(claim.text)).toBe(normalizeForMatch(claim.quote));
    const item = page.locator(`.claim[data-claim-id="${claim.id}"]`);
    await expect(item).toHaveClass(/claim--quote-only/);
    await expect(item.locator("q")).toHaveCount(1);
    const text = (await item.textContent()) ?? "";
    expect(text.split("thirty days").length - 1).toBe(1);
    await expect(item.getByRole("button", { name: new RegExp(`^Source ${claim.citations[0]}:`) })).toBeVisible();
  });

  test("joins a word hyphenated at a line end and reflows line breaks, highlighting the original characters", async ({}, testInfo) => {
    const { page } = watched;
    const answer = await askThroughForm(page, "What is illustrated in the annex for every sales region?");
    const claim = firstClaim(answer);
    // The stored quote and passage keep the PDF's characters; only the display joins them.
    expect(claim.quote).toMatch(/illus-\s+trated/);
    const passage = answer.ledger.find((entry) => entry.id === claim.citations[0]);
    expect(passage?.text).toContain("illus-\ntrated");
    const quote = page.locator(`.claim[data-claim-id="${claim.id}"] q`);
    await expect(quote).toContainText("are illustrated in the annex");
    await expect(quote).not.toContainText("illus-");

    await page.locator(`.claim[data-claim-id="${claim.id}"] .citation-marker`).first().click();
    const selected = page.locator(".passage--selected .passage__text");
    await expect(selected).toContainText("of every sales region are illustrated in the annex");
    expect(await selected.evaluate((element) => element.textContent)).not.toMatch(/\n|illus-/);
    await expect(selected.locator("mark")).toContainText("illustrated in the annex");
    await screenshot(page, "reading-reflow", testInfo);
  });

  test("copies and downloads the answer as Markdown with numbered citations, and as JSON", async () => {
    const { page } = watched;
    const answer = await askThroughForm(page, cancellation);
    const claim = firstClaim(answer);
    const cited = answer.ledger.find((entry) => entry.id === claim.citations[0]);
    if (!cited) throw new Error("the claim cites no ledger entry");
    const sourceLine = `[${cited.id}] policy.pdf, page ${cited.page}: "${claim.quote.replace(/\s+/g, " ")}"`;

    await page.getByRole("button", { name: "Copy as Markdown" }).click();
    await expect(page.getByText("Copied the answer as Markdown.")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith(`# ${cancellation}\n`)).toBe(true);
    expect(copied).toContain(`- "${claim.quote.replace(/\s+/g, " ")}" [${cited.id}]`);
    expect(copied).toContain(sourceLine);

    const [markdownDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download Markdown" }).click(),
    ]);
    expect(markdownDownload.suggestedFilename()).toMatch(/^answer-.+\.md$/);
    expect(await readFile(await markdownDownload.path(), "utf8")).toBe(copied);

    const [jsonDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download JSON" }).click(),
    ]);
    expect(jsonDownload.suggestedFilename()).toMatch(/^answer-.+\.json$/);
    const exported = askResponseSchema.parse(JSON.parse(await readFile(await jsonDownload.path(), "utf8")));
    expect(exported).toEqual(answer);
    expect(watched.problems).toEqual([]);
  });
});
