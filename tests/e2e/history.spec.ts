import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { openPage, screenshot, type WatchedPage } from "./support/browser";
import { clearHistory, clearLibrary, uploadTo } from "./support/e2e-server";
import { makePolicyPdf } from "./support/policy-pdf";

const cities = "Which cities does the delivery service operate in?";

// Default webServer: extractive drafter, support check off.
test.describe("asking and history", () => {
  test.describe.configure({ mode: "serial" });
  let baseURL: string;
  let watched: WatchedPage;
  const ids: string[] = [];

  test.beforeAll(async ({ browser }, testInfo) => {
    baseURL = testInfo.project.use.baseURL ?? "";
    await clearLibrary(baseURL);
    await clearHistory(baseURL);
    await uploadTo(baseURL, await makePolicyPdf(), "policy.pdf");
    watched = await openPage(browser, baseURL, testInfo);
  });
  test.afterAll(async () => watched?.context.close());

  test("Enter asks, Shift+Enter adds a line, the hint says so, and focus lands on the answer", async () => {
    const { page } = watched;
    const box = page.getByRole("textbox", { name: "Question" });
    await expect(page.getByText("Press Enter to ask, Shift+Enter for a new line.")).toBeVisible();
    await expect(box).toHaveAttribute("aria-describedby", /.+/);
    await box.click();
    await box.pressSequentially("How long do customers have");
    await box.press("Shift+Enter");
    await box.pressSequentially("to cancel their subscription?");
    await expect(box).toHaveValue("How long do customers have\nto cancel their subscription?");
    await expect(page).toHaveURL(`${baseURL}/`);
    await box.press("Enter");
    await page.waitForURL(/\/answers\/[^/]+$/);
    const heading = page.getByRole("heading", { name: "Answer", exact: true });
    await expect(heading).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Answer ready" })).toHaveCount(1);
    ids.push(decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? ""));
    // Stages as they happen are checked in streaming.spec.ts, where the support check is slow enough to watch.
  });

  test("each answer has its own address; Back and Forward walk through them", async () => {
    const { page } = watched;
    const box = page.getByRole("textbox", { name: "Question" });
    await box.fill(cities);
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname.startsWith("/answers/") && !url.pathname.endsWith(ids[0] ?? ""));
    ids.push(decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? ""));
    const question = page.locator(".answer__question");
    await expect(question).toHaveText(cities);

    await page.goBack();
    await expect(page).toHaveURL(`${baseURL}/answers/${ids[0]}`);
    await expect(question).toHaveText(/How long do customers have\s+to cancel/);
    await page.goBack();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole("heading", { name: "Answer", exact: true })).toHaveCount(0);
    await page.goForward();
    await expect(question).toHaveText(/How long do customers have\s+to cancel/);
    await page.goForward();
    await expect(question).toHaveText(cities);

    // A reload of an answer's address (served as the app by the server) shows the stored answer.
    await page.reload();
    await expect(question).toHaveText(cities);
    const old = await page.request.get(`${baseURL}/?#answer=${ids[0]}`);
    expect(old.status()).toBe(200);
  });

  test("lists past questions newest first with their status, searches them and opens one", async ({}, testInfo) => {
    const { page } = watched;
    await page.getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(`${baseURL}/history`);
    const items = page.locator(".history-item");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0).getByRole("link")).toHaveText(cities);
    await expect(items.nth(1).getByRole("link")).toHaveText(/How long do customers have/);
    await expect(items.nth(0)).toContainText(/Answered · \d+ claims? · not checked/);
    await screenshot(page, "history", testInfo);
    await expectNoSeriousAxeViolations(page, "the history page");

    await page.getByLabel("Search past questions").fill("CITIES");
    await expect(items).toHaveCount(1);
    await expect(items.first().getByRole("link")).toHaveText(cities);
    await page.getByLabel("Search past questions").fill("nothing like this");
    await expect(page.getByText("No past question contains that text.")).toBeVisible();
    await page.getByLabel("Search past questions").fill("");
    await expect(items).toHaveCount(2);

    await items.nth(1).getByRole("link").click();
    await expect(page).toHaveURL(`${baseURL}/answers/${ids[0]}`);
    await expect(page.locator(".answer__question")).toHaveText(/How long do customers have/);
    await page.goBack();
    await expect(page).toHaveURL(`${baseURL}/history`);
    await expect(items).toHaveCount(2);
  });

  test("deletes one answer, then all after one confirmation", async () => {
    const { page } = watched;
    const items = page.locator(".history-item");
    await page.getByRole("button", { name: `Delete the answer to: ${cities}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this answer?" });
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(items).toHaveCount(1);
    expect((await page.request.get(`${baseURL}/api/answers/${ids[1]}`)).status()).toBe(404);

    await page.getByRole("button", { name: "Delete all" }).click();
    const all = page.getByRole("dialog", { name: "Delete every past answer?" });
    await all.getByRole("button", { name: "Cancel" }).click();
    await expect(items).toHaveCount(1);
    await page.getByRole("button", { name: "Delete all" }).click();
    await all.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("No questions asked yet.")).toBeVisible();

    // A deleted answer's address explains itself instead of showing nothing.
    await page.goto(`/answers/${ids[0]}`);
    await expect(page.getByText("This answer is not stored (any more)")).toBeVisible();
    const problems = watched.problems.filter((problem) => !/status of 404/.test(problem));
    expect(problems).toEqual([]);
  });
});
