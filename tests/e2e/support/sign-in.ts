import type { Page } from "@playwright/test";

export interface Account {
  name: string;
  password: string;
}

/** On a fresh server with login on: fills the real first-run setup page and waits for the workspace. */
export async function setUpFirstAdmin(page: Page, account: Account): Promise<void> {
  await page.getByRole("heading", { name: "Create the first admin" }).waitFor();
  await page.getByLabel("User name").fill(account.name);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel("The same password again").fill(account.password);
  await page.getByRole("button", { name: "Create admin and sign in" }).click();
  await page.getByText(`Signed in as ${account.name}`).waitFor();
}

/** Signs in through the real sign-in page and waits for the workspace. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.getByRole("heading", { name: "Sign in" }).waitFor();
  await page.getByLabel("User name").fill(account.name);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByText(`Signed in as ${account.name}`).waitFor();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("heading", { name: "Sign in" }).waitFor();
}
