import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";

export const screenshotDir = path.resolve("output/playwright");

/** A page plus everything it reported as an error: console errors, uncaught exceptions, native dialogs. */
export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  problems: string[];
  dialogs: string[];
}

/** The viewport of the project a test runs in (desktop or 390 px). */
export function projectViewport(testInfo: TestInfo): { width: number; height: number } {
  return testInfo.project.use.viewport ?? { width: 1280, height: 800 };
}

/** Opens the app in a fresh context at the project's viewport and watches it for errors and dialogs. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  testInfo: TestInfo,
  beforeLoad?: (context: BrowserContext) => Promise<void>,
): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL, viewport: projectViewport(testInfo) });
  await beforeLoad?.(context);
  const page = await context.newPage();
  const problems: string[] = [];
  const dialogs: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  // Any native dialog (alert from injected markup, confirm) is a failure here: the app uses none.
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.goto("/");
  return { page, context, problems, dialogs };
}

/**
 * Removes expected entries, e.g. Chromium's "Failed to load resource … status of 415" line
 * for an upload the test meant to be rejected. Returns how many were removed.
 */
export function acceptProblems(watched: WatchedPage, pattern: RegExp): number {
  const before = watched.problems.length;
  const kept = watched.problems.filter((problem) => !pattern.test(problem));
  watched.problems.splice(0, watched.problems.length, ...kept);
  return before - kept.length;
}

/** Records the accessible label of every <progress> that ever appears, for asserting on short-lived progress. */
export async function recordProgressBars(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { progressSeen: seen });
    new MutationObserver(() => {
      for (const element of Array.from(document.querySelectorAll("progress[aria-label]"))) {
        const label = element.getAttribute("aria-label") ?? "";
        if (!seen.includes(label)) seen.push(label);
      }
    }).observe(document, { subtree: true, childList: true });
  });
}

export function progressBarsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
}

/** A full-page screenshot named after the test's project, kept under output/playwright/ for people to look at. */
export async function screenshot(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${testInfo.project.name}.png`), fullPage: true });
}

/** Page width against the viewport: the page itself must never scroll sideways. */
export function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}
