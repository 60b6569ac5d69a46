import { normalizeForMatch } from "@audited-rag/core";
import { expect, test } from "@playwright/test";
import { makeScannedPdf } from "../support/make-scanned-pdf";
import { askThroughForm, firstClaim } from "./support/ask";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { openPage, screenshot, type WatchedPage } from "./support/browser";
import { clearLibrary } from "./support/e2e-server";

const filename = "reservoir-scan.pdf";

/** Large, plain sentences: the scan is drawn at 200 dpi, which OCR reads reliably. */
const scannedParagraphs = [
  "The reservoir at Lake Pelham holds 42 million litres of water. It was built in 1962 to supply the town of Greywick.",
  "Inspectors visit the dam every spring and publish their findings in the town hall.",
];

// The default configuration (Playwright's webServer): OCR reads pages without a text layer.
test.describe("a scanned PDF read by OCR", () => {
  test.describe.configure({ mode: "serial" });
  // Reading a page by OCR takes seconds, not milliseconds.
  test.setTimeout(150_000);
  let watched: WatchedPage;
  let pdf: Uint8Array;

  test.beforeAll(async ({ browser }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL ?? "";
    await clearLibrary(baseURL);
    pdf = await makeScannedPdf([scannedParagraphs]);
    watched = await openPage(browser, baseURL, testInfo);
  });

  test.afterAll(async () => {
    await watched?.context.close();
  });

  test("uploads the scan and makes it ready", async () => {
    const { page } = watched;
    await page
      .getByLabel("Choose PDF files")
      .setInputFiles({ name: filename, mimeType: "application/pdf", buffer: Buffer.from(pdf) });
    const row = page.getByRole("listitem").filter({ hasText: filename });
    const ready = row.getByText("Ready", { exact: true });
    // A refused upload shows an alert at once; fail with the server's words rather than wait out the timeout.
    await ready.or(row.getByRole("alert")).first().waitFor({ timeout: 120_000 });
    if (!(await ready.isVisible())) throw new Error(`the upload failed: ${await row.getByRole("alert").textContent()}`);
    await expect(row.textContent()).resolves.toContain("1 page");
  });

  test("cites the scanned page and labels its passage as read by OCR", async () => {
    const { page } = watched;
    const answer = await askThroughForm(page, "How much water does the reservoir at Lake Pelham hold?");
    const claim = firstClaim(answer);
    expect(claim.quote).toMatch(/42 million litres/);
    const entry = answer.ledger.find((item) => item.id === claim.citations[0]);
    expect(entry?.filename).toBe(filename);
    expect(entry?.ocr?.confidence).toBeGreaterThan(0.5);

    await page
      .getByRole("button", { name: new RegExp(`^Source ${entry?.id}:`) })
      .first()
      .click();
    const passage = page.locator(".passage--selected");
    const label = `Read by OCR, confidence ${entry?.ocr?.confidence.toFixed(2)}`;
    await expect(passage.locator(".passage__head").getByText(label, { exact: true })).toBeVisible();
  });

  test("highlights the quote on the scan from the OCR word boxes", async ({}, testInfo) => {
    const { page } = watched;
    const passage = page.locator(".passage--selected");
    await passage.getByRole("button", { name: /View PDF page 1/ }).click();
    const viewer = page.locator(".pdf-viewer");
    await viewer.getByRole("heading", { name: /page 1$/ }).waitFor();

    const marks = viewer.locator(".textLayer .quote-highlight");
    await marks.first().waitFor();
    const quote = (await page.locator(".claim--selected .claim__quote q").textContent()) ?? "";
    expect(quote).not.toBe("");
    const highlighted = await marks.allTextContents();
    expect(normalizeForMatch(highlighted.join(" "))).toContain(normalizeForMatch(quote));
    await viewer
      .getByText(/This page was read by OCR \(confidence \d\.\d\d\); the highlight is drawn from the OCR word boxes\./)
      .waitFor();
    await viewer.getByText("The cited quote is highlighted on this page.", { exact: false }).waitFor();

    // The boxes lie on the drawn page, in its upper part where the scan's first paragraph is.
    const sheet = await viewer.locator(".pdf-page__sheet canvas").boundingBox();
    const first = await marks.first().boundingBox();
    if (!sheet || !first) throw new Error("the page or its first highlight has no box");
    expect(first.width).toBeGreaterThan(0);
    expect(first.height).toBeGreaterThan(0);
    expect(first.x).toBeGreaterThanOrEqual(sheet.x);
    expect(first.x + first.width).toBeLessThanOrEqual(sheet.x + sheet.width);
    expect(first.y).toBeGreaterThanOrEqual(sheet.y);
    expect(first.y + first.height).toBeLessThanOrEqual(sheet.y + sheet.height / 3);

    await expectNoSeriousAxeViolations(page, "a scanned page open in the viewer");
    await screenshot(page, "ocr-viewer", testInfo);
    expect(watched.problems).toEqual([]);
  });
});
