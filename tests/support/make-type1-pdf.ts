import { PDFDocument, PDFName } from "pdf-lib";

/**
 * A PDF written the way some TeX setups write theirs: an embedded Type 1 font whose own encoding
 * names every glyph (code 12 is "fi", as in Computer Modern), with a ToUnicode map that leaves
 * the ligature out. A reader that trusts only the map loses the ligature ("speci ed"); one that
 * fills the map's gaps from the font's encoding, as poppler does, reads "speciﬁed".
 *
 * The font is a real Type 1 program (cleartext part, eexec-encrypted private part, encrypted
 * charstrings), each glyph an empty 500-unit advance: enough for a reader to parse it.
 */
export async function makeType1LigaturePdf(text: string): Promise<Uint8Array> {
  const codes = codesOf(text);
  const glyphs = new Map<number, string>([[LIGATURE_CODE, "fi"]]);
  for (const code of codes) if (code !== LIGATURE_CODE) glyphs.set(code, glyphName(code));
  const program = type1Program("RagTest", glyphs);

  const document = await PDFDocument.create();
  const context = document.context;
  const fontFile = context.register(
    context.stream(program.bytes, { Length1: program.cleartext, Length2: program.encrypted, Length3: 0 }),
  );
  const descriptor = context.register(
    context.obj({
      Type: "FontDescriptor",
      FontName: "ABCDEF+RagTest",
      Flags: 4,
      FontBBox: [0, -200, 1000, 800],
      ItalicAngle: 0,
      Ascent: 800,
      Descent: -200,
      CapHeight: 700,
      StemV: 80,
      FontFile: fontFile,
    }),
  );
  // The map names every character of the text but the ligature.
  const mapped = [...glyphs.keys()].filter((code) => code !== LIGATURE_CODE);
  const toUnicode = context.register(context.stream(asBytes(unicodeMap(mapped))));
  const font = context.register(
    context.obj({
      Type: "Font",
      Subtype: "Type1",
      BaseFont: "ABCDEF+RagTest",
      FirstChar: 0,
      LastChar: 255,
      Widths: Array.from({ length: 256 }, () => GLYPH_WIDTH),
      FontDescriptor: descriptor,
      ToUnicode: toUnicode,
    }),
  );
  const page = document.addPage([595, 842]);
  page.node.setFontDictionary(PDFName.of("F1"), font);
  const shown = codes.map((code) => `\\${code.toString(8).padStart(3, "0")}`).join("");
  const content = context.register(context.stream(asBytes(`BT /F1 12 Tf 72 700 Td (${shown}) Tj ET`)));
  page.node.set(PDFName.of("Contents"), content);
  return document.save({ useObjectStreams: false });
}

/** The code the font draws "fi" with, as TeX's OT1 encoding does. */
const LIGATURE_CODE = 12;
const GLYPH_WIDTH = 500;

/** The text's codes: "fi" is the ligature's one code, every other character its own (printable ASCII only). */
function codesOf(text: string): number[] {
  const codes: number[] = [];
  for (let k = 0; k < text.length; k++) {
    if (text.startsWith("fi", k)) {
      codes.push(LIGATURE_CODE);
      k++;
      continue;
    }
    const code = text.charCodeAt(k);
    if (code < 32 || code > 126)
      throw new Error(`makeType1LigaturePdf prints ASCII only, not ${JSON.stringify(text[k])}`);
    codes.push(code);
  }
  return codes;
}

/** A glyph name for a printable ASCII code: letters by themselves, the rest as "uniXXXX". */
function glyphName(code: number): string {
  const char = String.fromCharCode(code);
  if (/[A-Za-z]/.test(char)) return char;
  if (char === " ") return "space";
  if (char === ".") return "period";
  return `uni${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

function unicodeMap(codes: number[]): string {
  const hex = (value: number, digits: number) => value.toString(16).toUpperCase().padStart(digits, "0");
  return [
    "/CIDInit /ProcSet findresource begin",
    "12 dict begin",
    "begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def",
    "/CMapType 2 def",
    "1 begincodespacerange",
    "<00> <FF>",
    "endcodespacerange",
    `${codes.length} beginbfchar`,
    ...codes.map((code) => `<${hex(code, 2)}> <${hex(code, 4)}>`),
    "endbfchar",
    "endcmap",
    "CMapName currentdict /CMap defineresource pop",
    "end",
    "end",
  ].join("\n");
}

/** Type 1 encryption (Adobe Type 1 Font Format, chapter 7): eexec uses key 55665, charstrings 4330. */
function encrypt(plain: Uint8Array, key: number): Uint8Array {
  const out = new Uint8Array(plain.length);
  let r = key;
  for (let k = 0; k < plain.length; k++) {
    const cipher = (plain[k] as number) ^ (r >> 8);
    out[k] = cipher;
    r = ((cipher + r) * 52845 + 22719) & 0xffff;
  }
  return out;
}

/** "0 500 hsbw endchar": a glyph that draws nothing and advances 500 units. */
function emptyCharstring(): Uint8Array {
  const width = GLYPH_WIDTH - 108;
  const plain = [0, 0, 0, 0, 139, 247 + (width >> 8), width & 0xff, 13, 14];
  return encrypt(Uint8Array.from(plain), 4330);
}

function type1Program(name: string, glyphs: Map<number, string>) {
  const cleartext = asBytes(
    [
      "%!FontType1-1.0: RagTest 001.000",
      "12 dict begin",
      `/FontInfo 2 dict dup begin /FullName (${name}) readonly def /FamilyName (${name}) readonly def end readonly def`,
      `/FontName /${name} def`,
      "/PaintType 0 def",
      "/FontType 1 def",
      "/FontMatrix [0.001 0 0 0.001 0 0] readonly def",
      "/FontBBox {0 -200 1000 800} readonly def",
      "/Encoding 256 array",
      "0 1 255 {1 index exch /.notdef put} for",
      ...[...glyphs].map(([code, glyph]) => `dup ${code} /${glyph} put`),
      "readonly def",
      "currentdict end",
      "currentfile eexec",
      "",
    ].join("\n"),
  );
  const charstring = emptyCharstring();
  const parts: Uint8Array[] = [
    asBytes(
      [
        "dup /Private 8 dict dup begin",
        "/RD{string currentfile exch readstring pop}executeonly def",
        "/ND{noaccess def}executeonly def",
        "/NP{noaccess put}executeonly def",
        "/MinFeature{16 16}def",
        "/password 5839 def",
        "/BlueValues [] def",
        "/lenIV 4 def",
        `2 index /CharStrings ${glyphs.size + 1} dict dup begin`,
        "",
      ].join("\n"),
    ),
  ];
  for (const glyph of [".notdef", ...glyphs.values()]) {
    parts.push(asBytes(`/${glyph} ${charstring.length} RD `), charstring, asBytes(" ND\n"));
  }
  parts.push(
    asBytes(
      [
        "end",
        "end",
        "readonly put",
        "noaccess put",
        "dup /FontName get exch definefont pop",
        "mark currentfile closefile",
        "",
      ].join("\n"),
    ),
  );
  // Four leading bytes of eexec's own, as the format asks.
  const privatePart = encrypt(Buffer.concat([Uint8Array.from([0x80, 0x81, 0x82, 0x83]), ...parts]), 55665);
  return {
    bytes: Buffer.concat([cleartext, privatePart]),
    cleartext: cleartext.length,
    encrypted: privatePart.length,
  };
}

/** PDF and PostScript text as bytes, one a character. */
const asBytes = (text: string) => Buffer.from(text, "latin1");
