import { expect, test } from "@playwright/test";
import { defaultJevHandler, type FakeJevServer, startFakeJevServer } from "../support/fake-jev-server";
import { type FakeOllamaChatCall, type FakeOllamaServer, startFakeOllama } from "../support/fake-ollama-server";
import { openPage, screenshot, type WatchedPage } from "./support/browser";
import { type E2eServer, startE2eServer, storedAnswerCount } from "./support/e2e-server";
import { makePolicyPdf } from "./support/policy-pdf";

const twoParts =
  "How long do customers have to cancel their subscription, and which cities does the delivery service operate in?";

/** Drafts like a model would, slowly: the passage sentence that answers the part, quoted verbatim. */
function slowDrafter(delayMs: number) {
  return (call: FakeOllamaChatCall) => {
    const wanted = /cancel/i.test(call.question) ? /thirty days/ : /Rome and Milan on weekdays/;
    for (const [id, text] of call.passages) {
      const sentence = text.split(/(?<=\.)\s+/).find((candidate) => wanted.test(candidate.replace(/\s+/g, " ")));
      if (sentence) {
        return {
          content: JSON.stringify({ abstain: false, claims: [{ text: sentence, quote: sentence, citations: [id] }] }),
          delayMs,
        };
      }
    }
    return { content: JSON.stringify({ abstain: true, claims: [] }), delayMs };
  };
}

/** Records, in order, every stage line, the number of drafted claims, verdicts shown and the answer appearing. */
async function recordTimeline(page: WatchedPage["page"]): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { timeline: seen });
    const note = (entry: string) => {
      if (!seen.includes(entry)) seen.push(entry);
    };
    // One render may show a finished part and the next stage together: results are noted before the stage line.
    new MutationObserver(() => {
      const claims = document.querySelectorAll(".draft-claim").length;
      if (claims > 0) note(`claims ${claims}`);
      const verdicts = document.querySelectorAll(".draft-claim__check--supported").length;
      if (verdicts > 0) note(`verdicts ${verdicts}`);
      const stage = document.querySelector(".ask-progress__stage")?.textContent;
      if (stage) note(stage);
      if (document.getElementById("answer-heading")) note("answer");
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const timeline = (page: WatchedPage["page"]) =>
  page.evaluate(() => (window as unknown as { timeline: string[] }).timeline);

// A slow (fake) language model drafts and a slow (fake) Jev checks, so every stage can be watched.
test.describe("live progress, partial answers and Cancel", () => {
  test.describe.configure({ mode: "serial" });
  let jev: FakeJevServer;
  let ollama: FakeOllamaServer;
  let server: E2eServer;
  let watched: WatchedPage;

  test.beforeAll(async ({ browser }, testInfo) => {
    jev = await startFakeJevServer();
    ollama = await startFakeOllama({ chat: slowDrafter(700) });
    server = await startE2eServer({
      RAG_GENERATOR: "ollama",
      OLLAMA_HOST: ollama.url,
      RAG_JEV_MODE: "observe",
      TYPESAFE_API_KEY: "test-key",
      TYPESAFE_BASE_URL: jev.url,
    });
    await server.upload(await makePolicyPdf(), "policy.pdf");
    watched = await openPage(browser, server.url, testInfo);
  });

  test.afterAll(async () => {
    await watched?.context.close();
    await server?.close();
    await ollama?.close();
    await jev?.close();
  });

  test("shows each stage, each part's claims as drafted and verdicts as they return, before the answer", async ({}, testInfo) => {
    const { page } = watched;
    // The cities claim is checked slowly, so one verdict is in while the other is still pending.
    jev.setHandler(async (call) => ({
      ...defaultJevHandler(call),
      delayMs: call.questions.some((question) => /Rome/.test(question.claim)) ? 2500 : 200,
    }));
    await recordTimeline(page);
    const box = page.getByRole("textbox", { name: "Question" });
    await box.fill(twoParts);
    await box.press("Enter");

    const stages = page.getByRole("list", { name: "Stages" });
    await expect(stages.locator(".ask-stage--current")).toHaveText(/Draft part 1 of 2/);
    await expect(stages.locator(".ask-stage--done")).toContainText(["Search the documents"]);
    await expect(stages.locator(".ask-stage--current")).toHaveText(/Draft part 2 of 2/);
    await expect(page.locator(".draft-claim").first()).toContainText("thirty days");
    await expect(page.locator(".draft-claim").first()).toContainText("policy.pdf, page 1");
    await expect(stages.locator(".ask-stage--current")).toHaveText(/Check support/);
    await expect(page.locator(".draft-claim__check--supported")).toHaveText(["Likely supported"]);
    await expect(page.locator(".draft-claim").filter({ hasText: "Rome" })).toContainText("Checking…");
    await expect(page.locator(".ask-progress__stage")).toHaveText("Checking support (1 of 2 claims done)…");
    await screenshot(page, "streaming-progress", testInfo);

    await expect(page.getByRole("heading", { name: "Answer", exact: true })).toBeFocused({ timeout: 10_000 });
    await expect(page.locator(".ask-progress")).toHaveCount(0);
    const seen = await timeline(page);
    const order = [
      "Drafting part 1 of 2…",
      "claims 1",
      "Drafting part 2 of 2…",
      "claims 2",
      "Checking support (0 of 2 claims done)…",
      "verdicts 1",
      "Checking support (1 of 2 claims done)…",
      "answer",
    ].map((entry) => seen.indexOf(entry));
    expect(order, JSON.stringify(seen)).not.toContain(-1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    await expect(page.locator(".claim")).toHaveCount(2);
  });

  test("Cancel while drafting stops the model request and stores nothing", async () => {
    const { page } = watched;
    ollama.setChatHandler(slowDrafter(5000));
    const stored = await storedAnswerCount(server.url);
    const chatsBefore = ollama.requests.filter((request) => request.path === "/api/chat").length;
    const jevBefore = jev.requests.length;
    const address = page.url();
    const box = page.getByRole("textbox", { name: "Question" });
    await box.fill(twoParts);
    await box.press("Enter");
    await expect(page.locator(".ask-stage--current")).toHaveText(/Draft part 1 of 2/);
    await expect
      .poll(() => ollama.requests.filter((request) => request.path === "/api/chat").length)
      .toBe(chatsBefore + 1);
    await page.getByRole("button", { name: "Cancel the question" }).click();

    await expect(page.getByText("Cancelled. The server stopped working on it and nothing was stored.")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Question cancelled; nothing was stored." })).toHaveCount(
      1,
    );
    await expect
      .poll(() => ollama.requests.filter((request) => request.path === "/api/chat").at(-1)?.closedEarly)
      .toBe(true);
    await page.waitForTimeout(300);
    expect(ollama.requests.filter((request) => request.path === "/api/chat").length).toBe(chatsBefore + 1);
    expect(jev.requests.length).toBe(jevBefore);
    expect(await storedAnswerCount(server.url)).toBe(stored);
    expect(page.url()).toBe(address);
    ollama.setChatHandler(slowDrafter(100));
  });

  test("Cancel while checking stops the auditor's requests and stores nothing", async () => {
    const { page } = watched;
    jev.setHandler(async (call) => ({ ...defaultJevHandler(call), delayMs: 5000 }));
    const stored = await storedAnswerCount(server.url);
    const jevBefore = jev.requests.length;
    const box = page.getByRole("textbox", { name: "Question" });
    await box.fill(twoParts);
    await box.press("Enter");
    await expect(page.locator(".ask-stage--current")).toHaveText(/Check support/);
    await expect.poll(() => jev.requests.length).toBe(jevBefore + 2);
    await page.getByRole("button", { name: "Cancel the question" }).click();
    await expect(page.getByText("Cancelled. The server stopped working on it and nothing was stored.")).toBeVisible();
    await expect.poll(() => jev.requests.slice(jevBefore).every((request) => request.closedEarly)).toBe(true);
    await page.waitForTimeout(300);
    expect(await storedAnswerCount(server.url)).toBe(stored);
    jev.setHandler();
  });

  test("logged no console errors or page errors", () => {
    expect(watched.problems).toEqual([]);
  });
});
