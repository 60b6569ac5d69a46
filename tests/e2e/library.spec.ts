import { expect, test } from "@playwright/test";
import { makeTextPdf } from "../support/make-pdf";
import { openPage, screenshot, type WatchedPage } from "./support/browser";
import { clearHistory, clearLibrary, uploadTo } from "./support/e2e-server";

const pdfFor = (topic: string) =>
  makeTextPdf([[`${topic} handbook. This document describes the ${topic} procedures of the company in detail.`]]);

/** Hands files to the page the way a drop from the desktop does: a `drop` event on the element under the pointer. */
async function dropOn(page: WatchedPage["page"], selector: string, name: string, bytes: Uint8Array): Promise<void> {
  await page.evaluate(
    ({ selector: target, name: filename, data }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], filename, { type: "application/pdf" }));
      const element = document.querySelector(target) ?? document.body;
      element.dispatchEvent(new DragEvent("dragenter", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      element.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      element.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { selector, name, data: Array.from(bytes) },
  );
}

test.describe("the library", () => {
  test.describe.configure({ mode: "serial" });
  let baseURL: string;
  let watched: WatchedPage;

  test.beforeAll(async ({ browser }, testInfo) => {
    baseURL = testInfo.project.use.baseURL ?? "";
    await clearLibrary(baseURL);
    await clearHistory(baseURL);
    // Uploaded in this order, so "newest first" is the reverse.
    for (const name of ["Travel", "Security", "Onboarding"])
      await uploadTo(baseURL, await pdfFor(name), `${name.toLowerCase()}.pdf`);
    watched = await openPage(browser, baseURL, testInfo);
  });
  test.afterAll(async () => watched?.context.close());

  const names = (page: WatchedPage["page"]) => page.locator(".document-row .file-name").allTextContents();

  test("shows upload date and pages, sorts and filters by name", async () => {
    const { page } = watched;
    const rows = page.locator(".document-row");
    await expect(rows).toHaveCount(3);
    expect(await names(page)).toEqual(["Select onboarding.pdf", "Select security.pdf", "Select travel.pdf"]);
    await expect(rows.first()).toContainText(/1 page · .* · \d+ passages?/);
    await expect(rows.first().locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
    await expect(rows.first()).toContainText(/Uploaded .*\d/);

    await page.getByLabel("Sort").selectOption("name");
    expect(await names(page)).toEqual(["Select onboarding.pdf", "Select security.pdf", "Select travel.pdf"]);
    await page.getByLabel("Sort").selectOption("name-desc");
    expect(await names(page)).toEqual(["Select travel.pdf", "Select security.pdf", "Select onboarding.pdf"]);
    await page.getByLabel("Sort").selectOption("oldest");
    expect(await names(page)).toEqual(["Select travel.pdf", "Select security.pdf", "Select onboarding.pdf"]);

    await page.getByLabel("Filter by name").fill("SECUR");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("security.pdf");
    await page.getByLabel("Filter by name").fill("zzz");
    await expect(page.getByText('No document name contains "zzz".')).toBeVisible();
    await page.getByLabel("Filter by name").fill("");
    await expect(rows).toHaveCount(3);
  });

  test("opens a document from the list in the viewer", async ({}, testInfo) => {
    const { page } = watched;
    await page.getByRole("button", { name: "Open security.pdf" }).click();
    const viewer = page.locator(".pdf-viewer");
    await expect(viewer.getByRole("heading", { name: "security.pdf, page 1" })).toBeFocused();
    await viewer.locator(".textLayer").getByText("Security handbook.", { exact: false }).first().waitFor();
    await screenshot(page, "library-viewer", testInfo);
    await viewer.getByRole("button", { name: "Close the PDF viewer" }).click();
    await expect(viewer).toHaveCount(0);
  });

  test("deletes several selected documents after one confirmation", async () => {
    const { page } = watched;
    await page.getByRole("checkbox", { name: "Select travel.pdf" }).check();
    await expect(page.getByRole("button", { name: /Delete \d+ selected/ })).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Select onboarding.pdf" }).check();
    await page.getByRole("button", { name: "Delete 2 selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete 2 documents?" });
    await expect(dialog.getByRole("listitem")).toHaveText(["onboarding.pdf", "travel.pdf"]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.locator(".document-row")).toHaveCount(3);
    await page.getByRole("button", { name: "Delete 2 selected" }).click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.locator(".document-row")).toHaveCount(1);
    await expect(page.locator(".document-row")).toContainText("security.pdf");
    const listed = (await (await fetch(`${baseURL}/api/documents`)).json()) as { documents: { filename: string }[] };
    expect(listed.documents.map((document) => document.filename)).toEqual(["security.pdf"]);
  });

  test("takes files dropped anywhere on the page and a pasted PDF", async () => {
    const { page } = watched;
    await dropOn(page, ".app-header h1", "dropped.pdf", await pdfFor("Dropped"));
    await expect(
      page.locator(".document-row").filter({ hasText: "dropped.pdf" }).getByText("Ready", { exact: true }),
    ).toBeVisible();

    const pasted = Array.from(await pdfFor("Pasted"));
    await page.getByRole("textbox", { name: "Question" }).focus();
    await page.evaluate((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], "pasted.pdf", { type: "application/pdf" }));
      document.activeElement?.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    }, pasted);
    await expect(
      page.locator(".document-row").filter({ hasText: "pasted.pdf" }).getByText("Ready", { exact: true }),
    ).toBeVisible();
    // The pasted file went to the library, not into the question.
    await expect(page.getByRole("textbox", { name: "Question" })).toHaveValue("");
    await expect(page.locator(".document-row")).toHaveCount(3);
    expect(watched.problems).toEqual([]);
  });
});
