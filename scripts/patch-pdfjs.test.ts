import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { patchWorkerSource, pdfjsFolder, workerBuilds } from "./patch-pdfjs";

// The function in the two shapes pdf.js ships it: as written, and minified with short names.
const expanded = `function other() {}
function adjustType1ToUnicode(properties, builtInEncoding) {
  if (properties.isInternalFont) {
    return;
  }
  if (properties.hasIncludedToUnicodeMap) {
    return;
  }
  if (builtInEncoding === properties.defaultEncoding) {
    return;
  }
  const toUnicode = new CharCodeMap();
  for (const charCode in builtInEncoding) {
    if (properties.hasEncoding) {
      continue;
    }
    toUnicode.set(+charCode, builtInEncoding[charCode]);
  }
  properties.toUnicode.amend(toUnicode);
}
function adjustTrueTypeToUnicode(properties) {
  if (properties.hasIncludedToUnicodeMap) {
    return;
  }
}`;
const minified =
  "x=1;function adjustType1ToUnicode(e,t){if(e.isInternalFont)return;if(e.hasIncludedToUnicodeMap)return;if(t===e.defaultEncoding)return;const a=new CharCodeMap;for(const s in t){if(e.hasEncoding)continue;a.set(+s,t[s])}e.toUnicode.amend(a)}function f(e){if(e.hasIncludedToUnicodeMap)return}";

/** Runs the edited function on a font whose map gives code 115 only, with an encoding naming 12 and 115. */
function run(source: string, hasIncludedToUnicodeMap = true): Map<number, string> {
  const map = new Map<number, string>([[115, "s"]]);
  const properties = {
    isInternalFont: false,
    hasIncludedToUnicodeMap,
    hasEncoding: false,
    defaultEncoding: [],
    toUnicode: {
      has: (code: number) => map.has(code),
      amend: (extra: Map<number, string>) => {
        for (const [code, unicode] of extra) map.set(code, unicode);
      },
    },
  };
  class CharCodeMap extends Map<number, string> {}
  const adjust = new Function("CharCodeMap", `${source}; return adjustType1ToUnicode;`)(CharCodeMap);
  adjust(properties, { 12: "ﬁ", 115: "ſ" });
  return map;
}

describe("patchWorkerSource", () => {
  it.each([
    ["as written", expanded],
    ["minified", minified],
  ])("fills the map's gaps from the font's encoding and keeps what the map gives (%s)", (_, source) => {
    // As shipped, a map of one entry is all pdf.js reads: the ligature's code stays unread.
    expect([...run(source)]).toEqual([[115, "s"]]);
    const { source: edited, outcome } = patchWorkerSource(source);
    expect(outcome).toBe("patched");
    expect(run(edited)).toEqual(
      new Map([
        [115, "s"],
        [12, "ﬁ"],
      ]),
    );
    // Without a map of the PDF's own, the font's encoding is read whole, as before.
    expect(run(edited, false).get(115)).toBe("ſ");
    // The other function's early return is left alone.
    expect(edited.slice(edited.lastIndexOf("function "))).toContain("hasIncludedToUnicodeMap");
  });

  it("leaves an edited build as it is and refuses a function of another shape", () => {
    const once = patchWorkerSource(expanded).source;
    expect(patchWorkerSource(once)).toEqual({ source: once, outcome: "already patched" });
    expect(() => patchWorkerSource("function somethingElse() {}")).toThrow(/adjustType1ToUnicode was not found/);
    const reshaped = expanded.replace(
      "for (const charCode in builtInEncoding)",
      "for (const charCode of Object.keys(builtInEncoding))",
    );
    expect(() => patchWorkerSource(reshaped)).toThrow(/no longer has the shape/);
  });

  it("has edited every worker build of the installed pdf.js (npm's postinstall)", () => {
    const folder = pdfjsFolder(path.resolve(import.meta.dirname, ".."));
    for (const build of workerBuilds) {
      const source = readFileSync(path.join(folder, build), "utf8");
      expect(patchWorkerSource(source).outcome, build).toBe("already patched");
    }
  });
});
