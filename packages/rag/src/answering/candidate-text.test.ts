import { describe, expect, it } from "vitest";
import { asStatement, clean, hasRunWithoutSpace, isDebris, standsAlone, withStop } from "./candidate-text";

describe("hasRunWithoutSpace", () => {
  it("finds a run of the given length between any of the characters \\s matches", () => {
    expect(hasRunWithoutSpace("abcd efgh", 4)).toBe(true);
    expect(hasRunWithoutSpace("abc defg", 5)).toBe(false);
    // A no-break space, a line separator and a zero-width no-break space cut runs as \s does.
    expect(hasRunWithoutSpace("abc\u00a0def\u2028ghi\ufeffjkl", 4)).toBe(false);
    expect(hasRunWithoutSpace("", 1)).toBe(false);
  });

  it("agrees with /\\S{n}/ on every character of the basic plane", () => {
    for (let code = 0; code < 0x10000; code++) {
      const text = `ab${String.fromCharCode(code)}cd`;
      expect(hasRunWithoutSpace(text, 5)).toBe(/\S{5}/.test(text));
    }
  });
});

describe("isDebris", () => {
  it("takes hex and base64 strings for data, and prose for prose", () => {
    expect(isDebris("Keywords: Bézier curve; Break point; Integral square error")).toBe(true);
    // A formula in mathematical letters, however many function names it holds; prose around such letters stays.
    expect(isDebris("𝑑 2 cot 𝑥 = − csc 𝑥 sec 𝑥 = sec 𝑥 tan 𝑥 csc 𝑥 = − csc 𝑥 cot 𝑥")).toBe(true);
    expect(isDebris("A saddle point of 𝑓 is a critical point which is not a local extremum.")).toBe(false);
    expect(isDebris("Index Terms—retrieval, ranking")).toBe(true);
    expect(isDebris("Keyword arguments are passed by name.")).toBe(false);
    expect(isDebris("The digest is 9f86d081884c7d659a2feaa0c55ad015 for this input.")).toBe(true);
    expect(isDebris(`The key is ${"QUJDRA".repeat(8)} in the file.`)).toBe(true);
    expect(isDebris("The pump is stopped when the pressure is below the limit.")).toBe(false);
    expect(isDebris("Internationalization considerations apply to every interoperability requirement.")).toBe(false);
  });

  it("judges as the plain reading of its rule does, letters outside the basic plane included", () => {
    // The rule as first written: every letter matched into an array, both data patterns always tried.
    const plain = (quote: string) => {
      if (/^\s*(?:key\s?words?|index\s+terms)\s*[:—–-]/iu.test(quote)) return true;
      if (/^(?:[)\]},.;:!?|]|\d+(?:\.\d+)*\s*[)\]]|\(\d+(?:\.\d+)*\))/u.test(quote)) return true;
      const mathLetters = /[\u{1D400}-\u{1D7FF}]/gu;
      if (mathLetters.test(quote) && (quote.replace(mathLetters, " ").match(/\p{L}{4,}/gu) ?? []).length < 3)
        return true;
      const visible = quote.replace(/\s/g, "");
      const letters = visible.match(/\p{L}/gu)?.length ?? 0;
      const prose = (quote.match(/\p{L}{2,}/gu) ?? []).length >= 6;
      return (
        (letters < 0.6 * visible.length && !prose) ||
        /[\p{L}\p{N}+/=_-]{40,}/u.test(quote) ||
        /\b[0-9a-f]{16,}\b/i.test(quote)
      );
    };
    const quotes = [
      "𝐀𝐁𝐂𝐃𝐄𝐅𝐆123",
      "𝐀𝐁𝐂𝐃𝐄𝐅𝐆𝐇𝐈𝐉𝐊𝐋1",
      "Σ𝐀 is the sum.",
      "deadbeefdeadbeef is a marker",
      "deadbeefdeadbee is shorter",
      `${"a".repeat(39)}+ ends here`,
      `${"a".repeat(40)} ends here`,
      "(3) The pump is stopped.",
      "12 34 56 78 90 ab",
      "We used the Adam optimizer [20] with β1 = 0.9, β2 = 0.98 and = 10−9.",
      "",
    ];
    for (const quote of quotes) expect(isDebris(quote), quote).toBe(plain(quote));
  });

  it("takes six words of prose for a statement however many figures it gives", () => {
    expect(isDebris("We used the Adam optimizer [20] with β1 = 0.9, β2 = 0.98 and = 10−9.")).toBe(false);
    expect(isDebris("AES-128 4 4 10 12 14 16")).toBe(true);
  });

  it("keeps the tail of a cut sentence out", () => {
    expect(isDebris(") and the valve closes.")).toBe(true);
  });
});

describe("standsAlone", () => {
  it("gives the same answer when asked again", () => {
    const claim = "The pump is stopped when the pressure is below the limit.";
    expect(standsAlone(claim)).toBe(true);
    expect(standsAlone(claim)).toBe(true);
    expect(standsAlone("It stops.")).toBe(false);
    expect(standsAlone("It stops.")).toBe(false);
  });
});

describe("asStatement", () => {
  it("keeps an entry's gloss of what it does as printed, and says any other with 'is'", () => {
    // "resets both …" is a verb before its object: "X: resets both seeds" states something.
    expect(asStatement("“rand(-1)”: resets both seeds to a standard value.")).toBe(
      "“rand(-1)”: resets both seeds to a standard value.",
    );
    expect(asStatement("65534: User nobody.")).toBe("65534 is User nobody.");
  });
});

describe("clean", () => {
  it("shows an accent set as a mark of its own before its letter as the accented letter", () => {
    expect(clean("this\nGr\u00a8obner description")).toBe("this Gröbner description");
    expect(clean("illus-\ntrated")).toBe("illustrated");
  });
});

describe("withStop", () => {
  it("ends a claim with a full stop, dropping a comma or a dangling introducer left by a display", () => {
    expect(withStop("The default vertical margin ratio is 2/3, namely,")).toBe(
      "The default vertical margin ratio is 2/3.",
    );
    expect(withStop("The key is stored in the header, i.e.")).toBe("The key is stored in the header.");
    expect(withStop("The block size is 128 bits;")).toBe("The block size is 128 bits.");
    expect(withStop("Nr is 14")).toBe("Nr is 14.");
    expect(withStop("Where is it?")).toBe("Where is it?");
    expect(withStop("The options are:")).toBe("The options are:");
  });
});
