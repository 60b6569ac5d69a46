import { isModeAllowed, type JevMode } from "@audited-rag/core";

const allModes: JevMode[] = ["off", "observe", "repair"];

/** Modes a question may request: the configured one and any lower one (off < observe < repair). */
export function allowedModes(configured: JevMode): JevMode[] {
  return allModes.filter((mode) => isModeAllowed(mode, configured));
}

export interface ModeNotice {
  title: string;
  description: string;
}

function checkSentence(auditor: "jev" | "ollama", model: string | undefined): string {
  return auditor === "ollama"
    ? `Each claim and the passages it cites will be checked on this machine by ${model ?? "the local model"} (Ollama); answers are not changed.`
    : "Each claim and the passages it cites will be sent to TypeSafe's Jev for a support check; answers are not changed.";
}

/** What submitting a question will do, announced before the question is sent. */
export function modeNotice(mode: JevMode, auditor: "jev" | "ollama" = "jev", model?: string): ModeNotice {
  switch (mode) {
    case "off":
      return { title: "Support check: off", description: "Answers are not checked." };
    case "observe":
      return { title: "Support check: observe", description: checkSentence(auditor, model) };
    case "repair":
      return {
        title: "Support check: repair",
        description: `${checkSentence(auditor, model).replace("; answers are not changed.", ".")} Claim texts are not changed, but a citation may be replaced by another retrieved passage that the check supports.`,
      };
  }
}

/** Short option labels for the per-question mode select. */
export function modeOptionLabel(mode: JevMode): string {
  switch (mode) {
    case "off":
      return "Off: do not check";
    case "observe":
      return "Observe: check, change nothing";
    case "repair":
      return "Repair: check and fix citations";
  }
}
