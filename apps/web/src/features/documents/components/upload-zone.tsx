import { type DragEvent, useId, useState } from "react";
import { formatBytes } from "../document-messages";

interface UploadZoneProps {
  maxUploadBytes: number | undefined;
  onFiles(files: File[]): void;
}

/** A file picker that is also a drop target; the input stays a real, focusable control. */
export function UploadZone({ maxUploadBytes, onFiles }: UploadZoneProps) {
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const onDrop = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    // The drop target is a convenience for pointer users; the labelled file input is the keyboard path.
    <fieldset
      aria-label="Upload PDFs"
      className={dragging ? "upload-zone upload-zone--active" : "upload-zone"}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
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
        or drop them here. PDFs with a text layer
        {maxUploadBytes ? `, up to ${formatBytes(maxUploadBytes)} each` : ""}. Scanned pages are not read (no OCR).
      </p>
    </fieldset>
  );
}
