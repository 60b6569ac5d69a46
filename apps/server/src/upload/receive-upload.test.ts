import { describe, expect, it } from "vitest";
import { cleanFilename } from "./receive-upload";

describe("cleanFilename", () => {
  it("removes bidi controls that would make the UI show another extension", () => {
    expect(cleanFilename("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(cleanFilename("\u2066report\u2069 \u200Efinal\u200F.pdf")).toBe("report final.pdf");
    expect(cleanFilename("a\u202A\u202B\u202C\u202D\u2067\u2068\u061Cb.pdf")).toBe("ab.pdf");
  });

  it("keeps the base name only, without control characters, and never returns an empty name", () => {
    expect(cleanFilename("C:\\\\Users\\\\x\\\\plan.pdf")).toBe("plan.pdf");
    expect(cleanFilename("../../etc/pa\u0000ss\u0085wd.pdf")).toBe("passwd.pdf");
    expect(cleanFilename("\u202E")).toBe("document.pdf");
    expect(cleanFilename("Übersicht – 2025.pdf")).toBe("Übersicht – 2025.pdf");
  });
});
