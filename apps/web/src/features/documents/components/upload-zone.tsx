import { useId } from "react";
import { formatBytes } from "../document-messages";

interface UploadZoneProps {
  maxUploadBytes: number | undefined;
  /** Files are being dragged over the page (the whole page is the drop target). */
  dragging: boolean;
  onFiles(files: File[]): void;
}

/** The file picker; dropping and pasting work anywhere on the page (see usePageFileDrop). */
export function UploadZone({ maxUploadBytes, dragging, onFiles }: UploadZoneProps) {
  const hintId = useId();
  return (
    <fieldset aria-label="Upload PDFs" className={dragging ? "upload-zone upload-zone--active" : "upload-zone"}>
      <label className="button button--primary upload-zone__picker">
        Choose PDF files
        <input
          className="visually-hidden"
          type="file"
          accept="application/pdf,.pdf"
          multiple
          aria-describedby={hintId}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = "";
            if (files.length > 0) onFiles(files);
          }}
        />
      </label>
      <p id={hintId} className="upload-zone__hint">
        or drop them anywhere on the page, or paste a copied PDF. PDFs with a text layer
        {maxUploadBytes ? `, up to ${formatBytes(maxUploadBytes)} each` : ""}. Scanned pages are read with OCR.
      </p>
    </fieldset>
  );
}
