import type { PassageFlag } from "@audited-rag/core";

/**
 * Patterns of text addressed to a model rather than a reader. They are deliberately plain:
 * screening flags what a person should look at and, when asked, keeps it from the drafter;
 * it is no defence on its own (the prompts fence passages as material, never instructions).
 */
const patterns: Record<PassageFlag, RegExp[]> = {
  role_marker: [
    /^\s*(?:system|assistant|developer|user)\s*:/im,
    /<\|?\s*(?:im_start|im_end|system|assistant|endoftext)\s*\|?>/i,
    /\[\/?INST\]|<<\/?SYS>>/,
    /^#{2,}\s*(?:instruction|system prompt)s?\b/im,
  ],
  override_instruction: [
    /\b(?:ignore|disregard|forget|override)\b[^.!?\n]{0,40}\b(?:previous|prior|above|earlier|preceding|all|any|the|your)\b[^.!?\n]{0,40}\b(?:instructions?|prompts?|rules|claims?|context|guidelines|question)\b/i,
    /\b(?:note|message|instructions?)\s+(?:to|for)\s+(?:any|the|all)\s+(?:automated|ai|llm|language model|assistant|reviewer|grader|model|chatbot)/i,
    /\byou\s+(?:are\s+now|must\s+now|will\s+now)\b/i,
    /\b(?:answer|respond|reply|say|state|output)\s+(?:only\s+)?(?:that|with)\b[^.!?\n]{0,60}\b(?:supports?|supported|true|correct|yes)\b/i,
  ],
  tool_or_url_call: [
    /<\/?(?:tool_call|function_call|tool|invoke)\b[^>]*>/i,
    /\b(?:call|invoke|use|run|execute)\s+(?:the\s+)?(?:tool|function|api|command)\b/i,
    /\b(?:fetch|visit|open|browse|go to|navigate to|load|post|send)\b[^.!?\n]{0,40}https?:\/\//i,
    /!\[[^\]]*\]\(\s*https?:\/\//i,
  ],
  hidden_text: [
    // Zero-width and bidirectional controls, and Unicode tag characters, hide text from a reader.
    /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/u,
    /[\u{E0000}-\u{E007F}]/u,
    /<!--[\s\S]*?-->/,
  ],
};

/** The kinds of instruction-like content in a retrieved passage, in a fixed order; empty when none. */
export function screenPassage(text: string): PassageFlag[] {
  return (Object.keys(patterns) as PassageFlag[]).filter((flag) =>
    patterns[flag].some((pattern) => pattern.test(text)),
  );
}
