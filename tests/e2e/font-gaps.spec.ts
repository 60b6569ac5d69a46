import { normalizeForMatch } from "@audited-rag/core";
import { expect, test } from "@playwright/test";
import { makeType1LigaturePdf } from "../support/make-type1-pdf";
import { askThroughForm, firstClaim } from "./support/ask";
import { openPage } from "./support/browser";
import { clearLibrary, uploadTo } from "./support/e2e-server";

// A TeX-made PDF whose font map leaves out the "fi" ligature: the server reads it from the font's
// own encoding (scripts/patch-pdfjs.ts), and so must the viewer's pdf.js, or the quote it was
// given ("The config file is specified …") is not on its page ("The con g  le is speci ed …").
test.describe("a PDF whose font map leaves out its ligatures", () => {
  test("quotes the words whole and highlights them in the viewer", async ({ browser }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL ?? "";
    await clearLibrary(baseURL);
    await uploadTo(
      baseURL,
      await makeType1LigaturePdf("The config file is specified by the -f flag."),
      "tex-ligatures.pdf",
    );
    const watched = await openPage(browser, baseURL, testInfo);
    try {
      const { page } = watched;
      const answer = await askThroughForm(page, "Which flag specifies the config file?");
      const claim = firstClaim(answer);
      expect(normalizeForMatch(claim.quote)).toContain("config file is specified");

      await page
        .getByRole("button", { name: new RegExp(`^Source ${claim.citations[0]}:`) })
        .first()
        .click();
      await page
        .locator(".passage--selected")
        .getByRole("button", { name: /View PDF page/ })
        .click();
      const viewer = page.locator(".pdf-viewer");
      await viewer.getByText("The cited quote is highlighted on this page.").waitFor();
      const highlighted = await viewer.locator(".textLayer .quote-highlight").allTextContents();
      expect(normalizeForMatch(highlighted.join(" "))).toContain("config file is specified");
      expect(watched.problems).toEqual([]);
    } finally {
      await watched.context.close();
    }
  });
});
