import { normalizeForMatch } from "@audited-rag/core";
import { expect, test } from "@playwright/test";
import { askThroughForm, firstClaim } from "./support/ask";
import {
  acceptProblems,
  horizontalOverflow,
  openPage,
  progressBarsSeen,
  projectViewport,
  recordProgressBars,
  screenshot,
  type WatchedPage,
} from "./support/browser";
import { clearLibrary } from "./support/e2e-server";
import { htmlLikeMarkup, makePolicyPdf } from "./support/policy-pdf";

// The default configuration (Playwright's webServer): extractive drafting, embedded search, support check off.
test.describe("workspace in the browser (support check off)", () => {
  test.describe.configure({ mode: "serial" });
  let baseURL: string;
  let watched: WatchedPage;
  let pdf: Uint8Array;

  test.beforeAll(async ({ browser }, testInfo) => {
    baseURL = testInfo.project.use.baseURL ?? "";
    await clearLibrary(baseURL);
    pdf = await makePolicyPdf();
    watched = await openPage(browser, baseURL, testInfo, recordProgressBars);
  });

  test.afterAll(async () => {
    await watched?.context.close();
  });

  test("uploads through the file picker and shows progress until the document is ready", async () => {
    const { page } = watched;
    await page.getByText("Answers are not checked.").waitFor();
    // Held back for a moment, a 3-page upload on loopback still shows its bar on a busy machine:
    // without it the request can finish before the browser renders the uploading state.
    const uploads = "**/api/documents";
    await page.route(uploads, async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page
      .getByLabel("Choose PDF files")
      .setInputFiles({ name: "policy.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
    const row = page.getByRole("listitem").filter({ hasText: "policy.pdf" });
    await row.getByText("Ready", { exact: true }).waitFor();
    await page.unroute(uploads);
    await expect(row.textContent()).resolves.toContain("3 pages");
    const seen = await progressBarsSeen(page);
    expect(seen).toContain("Uploading policy.pdf");
    expect(seen).toContain("Processing policy.pdf");
  });

  test("explains rejected uploads and recognises a dropped duplicate", async () => {
    const { page } = watched;
    await page
      .getByLabel("Choose PDF files")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just text") });
    await page.getByRole("alert").filter({ hasText: "Only PDF files can be uploaded." }).waitFor();
    expect(acceptProblems(watched, /status of 415/)).toBeLessThanOrEqual(1);

    // Drag and drop the same bytes: the server answers with the existing document.
    const bytes = Array.from(pdf);
    await page.evaluate((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], "policy-copy.pdf", { type: "application/pdf" }));
      const zone = document.querySelector(".upload-zone");
      zone?.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, bytes);
    await page.getByText("This file was uploaded before").waitFor();
    await expect(page.locator(".document-row").count()).resolves.toBe(1);
  });

  test("answers with claims, citation markers and the quote highlighted in its source", async () => {
    const { page } = watched;
    const answer = await askThroughForm(page, "How long do customers have to cancel their subscription?");
    const claim = firstClaim(answer);
    expect(claim.quote).toMatch(/thirty days/);
    await page
      .getByRole("heading", { name: answer.parts[0]?.question ?? "", level: 3 })
      .first()
      .waitFor();
    await page.locator(".claim__text").filter({ hasText: claim.text }).first().waitFor();
    await expect(page.getByRole("heading", { name: "Answer support check" }).count()).resolves.toBe(0);

    const citation = claim.citations[0];
    await page
      .getByRole("button", { name: new RegExp(`^Source ${citation}:`) })
      .first()
      .click();
    const passage = page.locator(".passage--selected");
    await expect(passage.locator("mark").textContent()).resolves.toContain("thirty days");
    await expect(page.locator(".sources").textContent()).resolves.toMatch(/1 cited · \d+ found/);
    await expect(passage.textContent()).resolves.toMatch(/rank \d+ · score \d\.\d\d · BM25 #\d+/);
  });

  test("opens the PDF at the cited page with the quote highlighted in the text layer", async ({}, testInfo) => {
    const { page } = watched;
    const passage = page.locator(".passage--selected");
    const pageNumber = Number(
      (await passage.getByRole("button", { name: /View PDF page/ }).textContent())?.match(/\d+/)?.[0],
    );
    await passage.getByRole("button", { name: /View PDF page/ }).click();
    const viewer = page.locator(".pdf-viewer");
    await viewer.getByRole("heading", { name: new RegExp(`page ${pageNumber}$`) }).waitFor();
    await viewer.locator(".textLayer .quote-highlight").first().waitFor();
    const quote = (await page.locator(".claim--selected .claim__quote q").textContent()) ?? "";
    const highlighted = await viewer.locator(".textLayer .quote-highlight").allTextContents();
    expect(quote).not.toBe("");
    expect(normalizeForMatch(highlighted.join(" "))).toContain(normalizeForMatch(quote));
    await viewer.getByText("The cited quote is highlighted on this page.").waitFor();
    await screenshot(page, "workspace", testInfo);

    await viewer.getByRole("button", { name: "Next page" }).click();
    await viewer.getByRole("heading", { name: new RegExp(`page ${pageNumber + 1}$`) }).waitFor();
    await viewer.locator(".textLayer").getByText("Service areas.", { exact: false }).first().waitFor();
    await expect(viewer.locator(".quote-highlight").count()).resolves.toBe(0);
    await viewer.getByRole("button", { name: "Zoom in" }).click();
    await viewer.getByText("125 %").waitFor();
  });

  test("reads a mistyped word as the word the sources print, and says so", async () => {
    const { page } = watched;
    const answer = await askThroughForm(page, "Where does the delivrey service operate?");
    expect(firstClaim(answer).quote).toContain("Rome and Milan");
    await expect(page.locator(".answer__read-as").textContent()).resolves.toBe(
      "Read “delivrey” as “delivery”, as the sources print it.",
    );
    // Spelt right, the answer says nothing about reading.
    await askThroughForm(page, "Where does the delivery service operate?");
    await expect(page.locator(".answer__read-as").count()).resolves.toBe(0);
  });

  test("shows HTML-like document text literally and creates no element from it", async () => {
    const { page, dialogs } = watched;
    await askThroughForm(page, "What may customers type into the support form?");
    await expect(page.locator("img").count()).resolves.toBe(0);
    await page.locator(".claim__text").filter({ hasText: htmlLikeMarkup }).first().waitFor({ timeout: 5000 });

    // The answer link survives a reload: the stored answer comes back from GET /api/answers/:id.
    await page.reload();
    await page.locator(".claim__text").filter({ hasText: htmlLikeMarkup }).first().waitFor({ timeout: 5000 });
    await expect(page.locator("img").count()).resolves.toBe(0);
    expect(dialogs).toEqual([]);
  });

  test("keeps the page free of horizontal overflow", async ({ browser }, testInfo) => {
    const small = await openPage(browser, baseURL, testInfo);
    try {
      await askThroughForm(small.page, "How long do customers have to cancel their subscription?");
      await small.page.locator(".citation-marker").first().click();
      await small.page
        .getByRole("button", { name: /View PDF page/ })
        .first()
        .click();
      await small.page.locator(".textLayer .quote-highlight").first().waitFor();
      expect((await horizontalOverflow(small.page)).scrollWidth).toBeLessThanOrEqual(projectViewport(testInfo).width);
      await screenshot(small.page, "workspace-answer", testInfo);
      expect(small.problems).toEqual([]);
    } finally {
      await small.context.close();
    }
  });

  test("deletes a document after confirmation", async () => {
    const { page } = watched;
    await page.getByRole("button", { name: "Delete policy.pdf" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this document?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.locator(".document-row").count()).resolves.toBe(1);

    await page.getByRole("button", { name: "Delete policy.pdf" }).click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("No documents yet.").waitFor();
    const listed = (await (await fetch(`${baseURL}/api/documents`)).json()) as { documents: unknown[] };
    expect(listed.documents).toEqual([]);

    // With nothing left to search, a question gets a plain explanation instead of an answer.
    await page.getByRole("textbox", { name: "Question" }).fill("How long do customers have to cancel?");
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "There are no ready documents to search yet." }).waitFor();
    expect(acceptProblems(watched, /status of 409/)).toBe(1);
  });

  test("logged no console errors, page errors or native dialogs", () => {
    expect(watched.problems).toEqual([]);
    expect(watched.dialogs).toEqual([]);
  });
});
