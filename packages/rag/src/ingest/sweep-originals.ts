import { readdir, rename } from "node:fs/promises";
import { join } from "node:path";
import type { MetadataStore } from "../store/metadata-store";
import { removeFile } from "./file-moves";

/**
 * For boot: removes originals no document keeps and half-copied files, and puts back an original
 * a crash left parked (`.deleting`) by a delete whose row survived.
 */
export async function sweepOriginals(store: MetadataStore): Promise<void> {
  for (const name of await readdir(store.originalsDir)) {
    const parked = /^([0-9a-f]{64})\.pdf\.deleting$/.exec(name)?.[1];
    if (parked && store.isOriginalInUse(parked)) {
      // A delete stopped before its row went: the document keeps its original.
      await rename(join(store.originalsDir, name), store.originalPath(parked));
      continue;
    }
    const sha256 = /^([0-9a-f]{64})\.pdf$/.exec(name)?.[1];
    const orphan = sha256 ? !store.isOriginalInUse(sha256) : name.endsWith(".partial") || parked !== undefined;
    if (orphan) await removeFile(join(store.originalsDir, name));
  }
}
