import type { JevMode } from "@audited-rag/core";
import { modeNotice } from "../mode-wording";

interface ModeNoticeProps {
  id: string;
  mode: JevMode;
  model: string | undefined;
  auditor?: "jev" | "ollama" | undefined;
}

/** States, before submission, whether and how the answer will be checked. */
export function ModeNotice({ id, mode, model, auditor }: ModeNoticeProps) {
  const notice = modeNotice(mode, auditor ?? "jev", model);
  return (
    <div id={id} className={`mode-notice mode-notice--${mode}`}>
      <p className="mode-notice__title">
        {notice.title}
        {mode !== "off" && model ? <span className="muted"> · model {model}</span> : null}
      </p>
      <p>{notice.description}</p>
    </div>
  );
}
