import type { AskResponse } from "@audited-rag/core";
import { expect, test } from "@playwright/test";
import { type FakeJevServer, INSUFFICIENT, SUPPORTED, startFakeJevServer } from "../support/fake-jev-server";
import { allClaims, askThroughForm, firstClaim } from "./support/ask";
import { horizontalOverflow, openPage, projectViewport, screenshot, type WatchedPage } from "./support/browser";
import { type E2eServer, startE2eServer } from "./support/e2e-server";
import { makeRepairablePolicyPdf } from "./support/policy-pdf";

const cancellation = "How long do customers have to cancel their subscription?";
const filename = "policy-for-audit.pdf";

function citations(ids: number[]): string {
  return ids.map((id) => `[${id}]`).join(" ");
}

// Configured for repair; each question may lower the mode, so one server covers every mode.
test.describe("Answer support check in the browser", () => {
  test.describe.configure({ mode: "serial" });
  let jev: FakeJevServer;
  let server: E2eServer;
  let watched: WatchedPage;

  test.beforeAll(async ({ browser }, testInfo) => {
    jev = await startFakeJevServer();
    server = await startE2eServer({ RAG_JEV_MODE: "repair", TYPESAFE_API_KEY: "test-key", TYPESAFE_BASE_URL: jev.url });
    await server.upload(await makeRepairablePolicyPdf(), filename);
    watched = await openPage(browser, server.url, testInfo);
  });

  test.beforeEach(() => jev.setHandler());

  test.afterAll(async () => {
    await watched?.context.close();
    await server?.close();
    await jev?.close();
  });

  test("announces repair mode and offers only modes up to it", async () => {
    const { page } = watched;
    await page.getByText("Support check: repair").waitFor();
    await page.getByText("a citation may be replaced by another retrieved passage that the check supports").waitFor();
    const options = await page
      .getByLabel("Support check for this question")
      .locator("option")
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
    expect(options).toEqual(["off", "observe", "repair"]);
    await page.getByLabel("Support check for this question").selectOption("observe");
    await page.getByText("answers are not changed").waitFor();
  });

  test("observe: shows plain statuses, probability bars and the privacy boundary", async () => {
    const { page } = watched;
    const answer = await askThroughForm(page, cancellation, "observe");
    expect(answer.jev.mode).toBe("observe");
    const panel = page.locator(".audit");
    await panel.getByRole("heading", { name: "Answer support check" }).waitFor();
    await panel.getByText("Likely supported").first().waitFor();
    const bars = panel.getByRole("definition").filter({ hasText: "0.97" });
    await expect(bars.count()).resolves.toBeGreaterThan(0);
    await panel.getByText("Sent to TypeSafe (jev-1.13.0):").waitFor();
    await panel.getByText("Stayed local:").waitFor();

    await panel.getByText("Technical record").click();
    const hash = firstClaim(answer).audit?.excerptSha256[0] ?? "missing";
    await panel.getByText(hash).first().waitFor();
    // Only claims and excerpts went out: no filename reached the auditor.
    expect(JSON.stringify(jev.requests.map((request) => request.body))).not.toContain(filename);
  });

  test("repair: reports the replaced citation and each attempt", async ({}, testInfo) => {
    const { page } = watched;
    let calls = 0;
    jev.setHandler(() => ({ distribution: calls++ === 0 ? INSUFFICIENT : SUPPORTED }));
    const answer: AskResponse = await askThroughForm(page, cancellation, "repair");
    const repaired = allClaims(answer).find((claim) => claim.citations.join() !== claim.draftCitations.join());
    expect(repaired, "the fake Jev made the first check insufficient, so a citation is repaired").toBeDefined();
    if (!repaired) return;
    const card = page.locator(`.claim-check[data-claim-id="${repaired.id}"]`);
    await card.getByText("Citation repaired").waitFor();
    await expect(card.locator(".claim-check__repair").textContent()).resolves.toBe(
      `citation changed from ${citations(repaired.draftCitations)} to ${citations(repaired.citations)}`,
    );
    await card.getByText(/Repair attempts \(\d+\)/).click();
    await card.getByText(new RegExp(`Candidate \\[${repaired.citations[0]}\\]: support 0\\.97`)).waitFor();
    await card.getByText(`Original check of ${citations(repaired.draftCitations)}:`).waitFor();
    await screenshot(page, "audit-repair", testInfo);
  });

  test("unavailable: keeps the answer and explains the failed check without the provider's body", async () => {
    const { page } = watched;
    jev.setHandler(() => ({ status: 500, body: { error: { message: "provider secret detail 7f3a" } } }));
    const answer = await askThroughForm(page, cancellation, "observe");
    await page
      .locator(".claim__text")
      .filter({ hasText: firstClaim(answer).text })
      .first()
      .waitFor();
    const panel = page.locator(".audit");
    await panel.getByText("Check unavailable").first().waitFor();
    await panel.getByText("the checking service answered HTTP 500").first().waitFor();
    await expect(page.content()).resolves.not.toContain("provider secret detail");
  });

  test("explains an empty check when every part abstained", async () => {
    const { page } = watched;
    const answer = await askThroughForm(page, "Which volcano erupted in Iceland during the winter?", "observe");
    expect(allClaims(answer)).toEqual([]);
    await page.getByText("The documents do not answer this part of the question.").first().waitFor();
    await page
      .locator(".audit")
      .getByText(/^Nothing was checked/)
      .waitFor();
  });

  test("off: a question asked with the check off has no support check panel", async () => {
    const { page } = watched;
    const before = jev.requests.length;
    const answer = await askThroughForm(page, cancellation, "off");
    expect(answer.jev.mode).toBe("off");
    await expect(page.getByRole("heading", { name: "Answer support check" }).count()).resolves.toBe(0);
    expect(jev.requests.length).toBe(before);
  });

  test("keeps the repaired answer and expanded record inside the viewport", async ({ browser }, testInfo) => {
    const small = await openPage(browser, server.url, testInfo);
    try {
      let calls = 0;
      jev.setHandler(() => ({ distribution: calls++ === 0 ? INSUFFICIENT : SUPPORTED }));
      await askThroughForm(small.page, cancellation, "repair");
      await small.page.getByText("Technical record").click();
      await small.page
        .getByText(/Repair attempts/)
        .first()
        .click();
      expect((await horizontalOverflow(small.page)).scrollWidth).toBeLessThanOrEqual(projectViewport(testInfo).width);
      await screenshot(small.page, "audit-repair-record", testInfo);
      expect(small.problems).toEqual([]);
    } finally {
      await small.context.close();
    }
  });

  test("logged no console errors, page errors or native dialogs", () => {
    expect(watched.problems).toEqual([]);
    expect(watched.dialogs).toEqual([]);
  });
});
