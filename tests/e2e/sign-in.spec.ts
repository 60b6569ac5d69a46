import { expect, type TestInfo, test } from "@playwright/test";
import { askThroughForm, firstClaim } from "./support/ask";
import { expectNoSeriousAxeViolations } from "./support/axe";
import {
  acceptProblems,
  horizontalOverflow,
  openPage,
  projectViewport,
  screenshot,
  type WatchedPage,
} from "./support/browser";
import { type E2eServer, startE2eServer } from "./support/e2e-server";
import { makePolicyPdf } from "./support/policy-pdf";
import { setUpFirstAdmin, signIn, signOut } from "./support/sign-in";

const admin = { name: "ada", password: "ada-password-long" };
const member = { name: "max", password: "max-password-long" };

/** Axe on the page as it is, in the dark theme (the light one is checked by look-and-access), then back to light. */
async function expectAccessibleInDark(watched: WatchedPage, where: string, name: string, testInfo: TestInfo) {
  await watched.page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousAxeViolations(watched.page, `${where} (dark)`);
  await screenshot(watched.page, `${name}-dark`, testInfo);
  await watched.page.emulateMedia({ colorScheme: "light" });
  await expectNoSeriousAxeViolations(watched.page, `${where} (light)`);
}

// Login on, as by default: the first admin is created on the setup page, then everyone signs in.
test.describe("sign-in, roles and tokens in the browser (login on)", () => {
  test.describe.configure({ mode: "serial" });
  let server: E2eServer;
  let watched: WatchedPage;
  let pdf: Uint8Array;

  test.beforeAll(async ({ browser }, testInfo) => {
    [server, pdf] = await Promise.all([startE2eServer({ RAG_AUTH: "on" }), makePolicyPdf()]);
    watched = await openPage(browser, server.url, testInfo);
  });

  test.afterAll(async () => {
    await watched?.context.close();
    await server?.close();
  });

  test("creates the first admin on the setup page with an HttpOnly, SameSite=Strict session cookie", async ({}, testInfo) => {
    const { page, context } = watched;
    await screenshot(page, "setup-page", testInfo);
    await setUpFirstAdmin(page, admin);
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: "rag_session", httpOnly: true, sameSite: "Strict", secure: false, path: "/" });
    // Page scripts cannot read it.
    await expect(page.evaluate(() => document.cookie)).resolves.toBe("");
  });

  test("lets the admin upload, add a member and create a token that works with curl-style requests", async ({}, testInfo) => {
    const { page } = watched;
    await page
      .getByLabel("Choose PDF files")
      .setInputFiles({ name: "policy.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
    const row = page.getByRole("listitem").filter({ hasText: "policy.pdf" });
    await row.getByText("Ready", { exact: true }).waitFor();
    await row.getByText(/Uploaded .+ by ada/).waitFor();

    await page.getByRole("button", { name: "Users and tokens" }).click();
    await page.getByLabel("New user name").fill(member.name);
    await page.getByLabel(/^Their password/).fill(member.password);
    await page.getByRole("button", { name: "Add user" }).click();
    await page.getByText("Added member max.").waitFor();

    await page.getByLabel("Token name").fill("nightly script");
    await page.getByRole("button", { name: "Create token" }).click();
    const secret = (await page.locator(".token-secret").textContent()) ?? "";
    expect(secret).toMatch(/^rag_[\w-]{43}$/);
    await page.getByRole("button", { name: "Revoke nightly script" }).waitFor();
    await screenshot(page, "accounts-panel", testInfo);
    // The forms fit the screen: no sideways scrolling at 390 px.
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(projectViewport(testInfo).width);
    await expectAccessibleInDark(watched, "the accounts panel with a new token", "accounts-panel", testInfo);

    const listed = await fetch(`${server.url}/api/documents`, { headers: { authorization: `Bearer ${secret}` } });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { documents: unknown[] }).documents).toHaveLength(1);
    const anonymous = await fetch(`${server.url}/api/documents`);
    expect(anonymous.status).toBe(401);
  });

  test("signs out, refuses a wrong password with a generic message, and shows a member no upload or delete", async ({}, testInfo) => {
    const { page } = watched;
    await signOut(page);
    await page.getByLabel("User name").fill(member.name);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "The user name or password is not right." }).waitFor();
    expect(acceptProblems(watched, /status of 401/)).toBeLessThanOrEqual(2);
    await expectAccessibleInDark(watched, "the sign-in page with its error", "sign-in-error", testInfo);
    await page.getByLabel("Password").fill("");
    await signIn(page, member);

    const row = page.getByRole("listitem").filter({ hasText: "policy.pdf" });
    await row.getByText("Ready", { exact: true }).waitFor();
    await expect(page.getByLabel("Choose PDF files").count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: /^Delete/ }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Users and tokens" }).count()).resolves.toBe(0);
    const answer = await askThroughForm(page, "How long do customers have to cancel their subscription?");
    expect(firstClaim(answer).quote).toMatch(/thirty days/);
    // The PDF viewer fetches the original with the session cookie, as a member may read.
    await page
      .getByRole("button", { name: /View PDF page/ })
      .first()
      .click();
    await page.locator(".pdf-viewer .textLayer").getByText("Cancellation policy.", { exact: false }).first().waitFor();
    await screenshot(page, "member-workspace", testInfo);
    expect(watched.problems).toEqual([]);
    expect(watched.dialogs).toEqual([]);
  });

  test("records the admin's deletion in the deletion log that everyone can read", async ({}, testInfo) => {
    const { page } = watched;
    await signOut(page);
    await signIn(page, admin);
    await page.getByRole("button", { name: "Delete policy.pdf" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("No documents yet.").waitFor();
    // Signing out left the member's answer address, so the admin starts at the workspace without it.
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.getByRole("heading", { name: "Answer", exact: true }).count()).resolves.toBe(0);
    await page.getByText("Deletion log").click();
    const entry = page.getByRole("list", { name: "Deleted documents" }).getByRole("listitem");
    await entry.filter({ hasText: "policy.pdf" }).filter({ hasText: "by ada" }).waitFor();
    await screenshot(page, "deletion-log", testInfo);
    await expectAccessibleInDark(watched, "the deletion log", "deletion-log", testInfo);
    expect(watched.problems).toEqual([]);
  });
});
