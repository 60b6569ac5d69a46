import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../lib/api-client";

interface ConfirmDialogProps {
  /** Shown while true; the native dialog traps focus and closes on Escape. */
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  onConfirm(): Promise<void>;
  onClose(): void;
}

/** A modal yes/no question for destructive actions, reporting a failed action in place. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setError(null);
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "That did not work; nothing was changed.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      {children}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button button--danger-solid" onClick={confirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
