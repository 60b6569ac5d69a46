import { describe, expect, it } from "vitest";
import { allowedModes, modeNotice } from "./mode-wording";

describe("allowedModes", () => {
  it("offers only modes up to the configured one", () => {
    expect(allowedModes("off")).toEqual(["off"]);
    expect(allowedModes("observe")).toEqual(["off", "observe"]);
    expect(allowedModes("repair")).toEqual(["off", "observe", "repair"]);
  });
});

describe("modeNotice", () => {
  it("says what each mode sends and changes", () => {
    expect(modeNotice("off").description).toBe("Answers are not checked.");
    expect(modeNotice("observe").description).toContain("sent to TypeSafe's Jev");
    expect(modeNotice("observe").description).toContain("answers are not changed");
    expect(modeNotice("repair").description).toContain("sent to TypeSafe's Jev");
    expect(modeNotice("repair").description).toContain(
      "a citation may be replaced by another retrieved passage that the check supports",
    );
  });

  it("says the check runs on this machine with the local auditor", () => {
    const notice = modeNotice("observe", "ollama", "qwen2.5:3b").description;
    expect(notice).toContain("checked on this machine by qwen2.5:3b");
    expect(notice).not.toContain("TypeSafe");
  });
});
