import type { AskResponse } from "@audited-rag/core";
import { useState } from "react";
import { answerToMarkdown } from "../answer-markdown";

/** Saves text as a file through a temporary object URL. */
function download(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Plain-HTTP LAN installs have no Clipboard API (it needs a secure context): fall back to a selected text area. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("copy refused");
}

/** Copy the answer as Markdown, or download it as Markdown or as the API's JSON. */
export function AnswerExport({ response }: { response: AskResponse }) {
  const [status, setStatus] = useState("");
  const base = `answer-${response.id.slice(0, 8)}`;
  return (
    <div className="answer-export">
      <button
        type="button"
        className="button button--quiet"
        onClick={() =>
          copyText(answerToMarkdown(response)).then(
            () => setStatus("Copied the answer as Markdown."),
            () => setStatus("The browser did not allow copying; use Download Markdown instead."),
          )
        }
      >
        Copy as Markdown
      </button>
      <button
        type="button"
        className="button button--quiet"
        onClick={() => download(answerToMarkdown(response), `${base}.md`, "text/markdown;charset=utf-8")}
      >
        Download Markdown
      </button>
      <button
        type="button"
        className="button button--quiet"
        onClick={() =>
          download(`${JSON.stringify(response, null, 2)}\n`, `${base}.json`, "application/json;charset=utf-8")
        }
      >
        Download JSON
      </button>
      <span className="muted answer-export__status" role="status">
        {status}
      </span>
    </div>
  );
}
