import { useEffect, useState } from "react";
import { pdfFiles } from "./library-order";

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") ?? false;

/**
 * Makes the whole page a drop target for files and takes PDFs pasted anywhere (a copied file
 * in the system clipboard). Returns whether files are being dragged over the page. Pasted
 * text is left alone, so the question box still pastes normally. Without `onFiles` (an account
 * that may not upload) the page is no drop target at all.
 */
export function usePageFileDrop(onFiles: ((files: File[]) => void) | undefined): boolean {
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (!onFiles) return;
    // dragenter/dragleave fire for every child crossed; counting them tells when the pointer really left.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth++;
      setDragging(true);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      const files = Array.from(event.dataTransfer?.files ?? []);
      depth = 0;
      setDragging(false);
      if (files.length === 0) return;
      // Every dropped file goes to the server, so a wrong type gets its plain explanation rather than silence.
      event.preventDefault();
      onFiles(files);
    };
    const paste = (event: ClipboardEvent) => {
      const files = pdfFiles(Array.from(event.clipboardData?.files ?? []));
      if (files.length === 0) return;
      event.preventDefault();
      onFiles(files);
    };
    window.addEventListener("dragenter", enter);
    window.addEventListener("dragover", over);
    window.addEventListener("dragleave", leave);
    window.addEventListener("drop", drop);
    window.addEventListener("paste", paste);
    return () => {
      window.removeEventListener("dragenter", enter);
      window.removeEventListener("dragover", over);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("drop", drop);
      window.removeEventListener("paste", paste);
    };
  }, [onFiles]);

  return dragging;
}
