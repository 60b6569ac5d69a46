import type { DocumentInfo } from "@audited-rag/core";

export type LibrarySort = "newest" | "oldest" | "name" | "name-desc";

export const sortLabels: Record<LibrarySort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name, A to Z",
  "name-desc": "Name, Z to A",
};

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** The documents whose file name contains `filter` (any case), in the chosen order. */
export function orderLibrary(documents: readonly DocumentInfo[], sort: LibrarySort, filter: string): DocumentInfo[] {
  const needle = filter.trim().toLocaleLowerCase();
  const shown =
    needle === "" ? [...documents] : documents.filter((d) => d.filename.toLocaleLowerCase().includes(needle));
  const time = (document: DocumentInfo) => Date.parse(document.createdAt) || 0;
  switch (sort) {
    case "newest":
      return shown.sort((a, b) => time(b) - time(a));
    case "oldest":
      return shown.sort((a, b) => time(a) - time(b));
    case "name":
      return shown.sort((a, b) => byName.compare(a.filename, b.filename));
    case "name-desc":
      return shown.sort((a, b) => byName.compare(b.filename, a.filename));
  }
}

/** Only PDFs from a drop or a paste; anything else is left to the browser. */
export function pdfFiles(files: Iterable<File>): File[] {
  return [...files].filter((file) => file.type === "application/pdf" || /\.pdf$/i.test(file.name));
}
