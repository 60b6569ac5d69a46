import { describe, expect, it } from "vitest";
import { signatureWindowBytes, sniffPdfSignature } from "./pdf-signature";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("sniffPdfSignature", () => {
  it("finds the header at the start or anywhere in the first 1024 bytes", () => {
    expect(sniffPdfSignature(bytes("%PDF-1.7\n1 0 obj"))).toBe("pdf");
    expect(sniffPdfSignature(bytes(`${" ".repeat(1000)}%PDF-1.4`))).toBe("pdf");
  });

  it("ignores a header past the window", () => {
    const late = bytes(`${"x".repeat(signatureWindowBytes)}%PDF-1.4`);
    expect(sniffPdfSignature(late)).toBe("unknown");
  });

  it("calls headerless files with PDF structure pdf-like", () => {
    const head = new Uint8Array([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a, ...bytes("1 0 obj\n<< /Pages 2 0 R >>\nendobj")]);
    expect(sniffPdfSignature(head)).toBe("pdf-like");
    expect(sniffPdfSignature(bytes("3 0 obj <<>>"), bytes("trailer\n<<>>\n%%EOF\n"))).toBe("pdf-like");
  });

  it("calls text, images and a lone PDF-ish word unknown", () => {
    expect(sniffPdfSignature(bytes("hello, this is a text file renamed to .pdf\n"))).toBe("unknown");
    expect(sniffPdfSignature(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("unknown");
    expect(sniffPdfSignature(bytes("the trailer of the film"))).toBe("unknown");
    expect(sniffPdfSignature(new Uint8Array())).toBe("unknown");
  });
});
