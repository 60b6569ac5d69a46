import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, symlink } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { OcrWord } from "@audited-rag/core";
import Tesseract from "tesseract.js";

const require = createRequire(import.meta.url);

/** Words Tesseract is less sure of than this (0–1) are left out of the page text: no quote can rest on them. */
export const OCR_MIN_WORD_CONFIDENCE = 0.6;

/** Where a language pack keeps its LSTM model: the packs ship `4.0.0` (legacy + LSTM) and the smaller `4.0.0_best_int`. */
const modelFolder = "4.0.0_best_int";

/** The folder of an installed `@tesseract.js-data/<lang>` pack, or undefined when it is not installed. */
function languageFolder(language: string): string | undefined {
  if (!/^[a-z_]{3,12}$/.test(language)) return undefined;
  try {
    const manifest = require.resolve(`@tesseract.js-data/${language}/package.json`);
    const folder = path.join(path.dirname(manifest), modelFolder);
    return existsSync(path.join(folder, `${language}.traineddata.gz`)) ? folder : undefined;
  } catch {
    return undefined;
  }
}

/** Every language pack installed beside this build (`@tesseract.js-data/*`), sorted. */
export function installedOcrLanguages(): string[] {
  try {
    const scope = path.dirname(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")));
    return readdirSync(scope)
      .filter((name) => languageFolder(name) !== undefined)
      .sort();
  } catch {
    return [];
  }
}

/** The languages asked for that are not installed; empty when OCR can run with all of them. */
export function missingOcrLanguages(languages: string[]): string[] {
  return languages.filter((language) => languageFolder(language) === undefined);
}

/** One page as OCR read it: the words kept, in PDF units, and their mean confidence. */
export interface OcrResult {
  words: OcrWord[];
  /** Mean confidence of the words kept, 0–1; 0 when none was kept. */
  confidence: number;
  /** The height of each kept word's line in PDF units, in the order of `words`: the font size layout sees. */
  lineHeights: number[];
  /** The baseline of each kept word's line, from the page's bottom edge in PDF units. */
  baselines: number[];
}

export interface OcrImage {
  /** PNG bytes of the rendered page. */
  png: Uint8Array;
  /** Pixels per PDF unit the page was rendered at. */
  scale: number;
  /** Height of the image in pixels (to turn top-down pixels into bottom-up PDF units). */
  pixelHeight: number;
}

interface TesseractWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/**
 * Tesseract compiled to WebAssembly (tesseract.js), in a worker thread of its own, with language
 * data read from the npm language packs: nothing is downloaded. Pages are read one at a time;
 * the worker starts on the first page and stops after `idleMs` without work.
 */
export class OcrReader {
  private worker: Promise<Tesseract.Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly languages: string[],
    private readonly idleMs = 30_000,
  ) {
    const missing = missingOcrLanguages(languages);
    if (missing.length > 0) throw new Error(`OCR language data is not installed for: ${missing.join(", ")}`);
  }

  /**
   * Reads one rendered page; resolves after the pages queued before it. A page whose extraction
   * ended meanwhile (`cancelled` true when its turn comes: timed out, aborted) is not read;
   * `onStart` is called as Tesseract takes the page.
   */
  read(image: OcrImage, cancelled: () => boolean = () => false, onStart?: () => void): Promise<OcrResult> {
    const job = this.queue.then(() => {
      if (cancelled()) throw new Error("the extraction ended before this page's turn");
      onStart?.();
      return this.recognise(image);
    });
    this.queue = job.catch(() => undefined);
    return job;
  }

  /** Starts the worker and loads the models ahead of the first page, when one is known to be coming. */
  warm(): void {
    clearTimeout(this.idleTimer);
    this.started().catch(() => undefined);
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await (await worker?.catch(() => undefined))?.terminate();
  }

  private async recognise(image: OcrImage): Promise<OcrResult> {
    clearTimeout(this.idleTimer);
    const worker = await this.started();
    try {
      const { data } = await worker.recognize(Buffer.from(image.png), {}, { blocks: true, text: false });
      return wordsOf(data.blocks ?? [], image);
    } finally {
      this.idleTimer = setTimeout(() => void this.close(), this.idleMs);
      this.idleTimer.unref();
    }
  }

  private started(): Promise<Tesseract.Worker> {
    this.worker ??= (async () => {
      const langPath = await languagesFolder(this.languages);
      return Tesseract.createWorker(this.languages, Tesseract.OEM.LSTM_ONLY, {
        langPath,
        gzip: true,
        // Never write a cache beside the process, never fetch: the data comes from the packs.
        cacheMethod: "none",
      });
    })();
    const worker = this.worker;
    worker.catch(() => {
      if (this.worker === worker) this.worker = undefined;
    });
    return worker;
  }
}

/** One folder holding every language's model: Tesseract takes a single `langPath`. */
async function languagesFolder(languages: string[]): Promise<string> {
  const folders = languages.map((language) => languageFolder(language) as string);
  if (new Set(folders).size === 1) return folders[0] as string;
  const joined = await mkdtemp(path.join(tmpdir(), "audited-rag-ocr-langs-"));
  for (const [k, language] of languages.entries()) {
    const file = `${language}.traineddata.gz`;
    await symlink(path.join(folders[k] as string, file), path.join(joined, file));
  }
  return joined;
}

/** Words with a letter or digit, confident enough, turned into PDF units (origin bottom-left, y up). */
function wordsOf(blocks: Tesseract.Block[], image: OcrImage): OcrResult {
  const words: OcrWord[] = [];
  const lineHeights: number[] = [];
  const baselines: number[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const lineHeight = (line.bbox.y1 - line.bbox.y0) / image.scale;
        // Every word of a line stands on the line's baseline, so layout sees one line however its letters descend.
        const baselinePixels = line.baseline ? (line.baseline.y0 + line.baseline.y1) / 2 : line.bbox.y1;
        const baseline = (image.pixelHeight - baselinePixels) / image.scale;
        for (const word of line.words as TesseractWord[]) {
          const text = word.text.trim();
          const confidence = word.confidence / 100;
          if (text === "" || !/[\p{L}\p{N}]/u.test(text) || confidence < OCR_MIN_WORD_CONFIDENCE) continue;
          const { x0, y0, x1, y1 } = word.bbox;
          words.push({
            text,
            x: x0 / image.scale,
            y: (image.pixelHeight - y1) / image.scale,
            width: (x1 - x0) / image.scale,
            height: (y1 - y0) / image.scale,
            confidence: Math.round(confidence * 1000) / 1000,
          });
          lineHeights.push(lineHeight);
          baselines.push(baseline);
        }
      }
    }
  }
  const confidence = words.length > 0 ? words.reduce((sum, word) => sum + word.confidence, 0) / words.length : 0;
  return { words, confidence: Math.round(confidence * 1000) / 1000, lineHeights, baselines };
}
