import { describe, expect, it } from "vitest";
import { definedSubject } from "./candidate-text";
import { statesDefinitionOf } from "./definition-shapes";

describe("statesDefinitionOf", () => {
  it("knows the shapes a definition of X takes, and a mention of X from a definition", () => {
    const words = ["self", "attention"];
    expect(
      statesDefinitionOf("Self-attention, sometimes called intra-attention is an attention mechanism.", words),
    ).toBe(true);
    expect(statesDefinitionOf("We define the scatter width (S) as the number of nodes.", ["scatter", "width"])).toBe(
      true,
    );
    expect(statesDefinitionOf("A sign that an incident may occur is called a precursor.", ["precursors"])).toBe(true);
    expect(statesDefinitionOf("Baselining: monitoring resources to find typical patterns.", ["baselining"])).toBe(true);
    expect(statesDefinitionOf("If every polyhedron in it is a cone, then it is a fan.", ["fan"])).toBe(true);
    expect(statesDefinitionOf("Standard SAM tag. nM : number of mismatches per alignment.", ["nm"])).toBe(true);
    // Named after the copula, then said after a colon.
    const radical =
      "An important object of such algebras is the Jacobson radical: the set of elements that annihilate every module.";
    expect(statesDefinitionOf(radical, ["jacobson", "radical"])).toBe(true);
    expect(statesDefinitionOf("We then compute the Jacobson radical: it takes long.", ["jacobson", "radical"])).toBe(
      false,
    );
    expect(statesDefinitionOf("We compare self-attention layers to recurrent layers.", words)).toBe(false);
    expect(statesDefinitionOf("Anything at all.", [])).toBe(false);
  });

  it("does not take a comparison or a state of X for a definition of it", () => {
    const words = ["scatter", "width"];
    expect(statesDefinitionOf("As long as the scatter width is significantly smaller than N, it holds.", words)).toBe(
      false,
    );
    expect(statesDefinitionOf("The scatter width is larger for Random Replication.", words)).toBe(false);
    expect(statesDefinitionOf("The scatter width is not fixed.", words)).toBe(false);
    expect(statesDefinitionOf("The scatter width is also tunable.", words)).toBe(false);
    // An adverb alone does not make it a comparison.
    expect(statesDefinitionOf("The scatter width is usually the number of nodes holding copies.", words)).toBe(true);
  });

  it("takes what is done to X, or a condition on X, for no definition of it", () => {
    expect(statesDefinitionOf("The corresponding fan is shown in Figure 15.", ["fan"])).toBe(false);
    expect(statesDefinitionOf("A fan is a polyhedral complex all of whose cells are cones.", ["fan"])).toBe(true);
    expect(definedSubject("The corresponding fan is shown in Figure 15.")).toBeUndefined();
    expect(definedSubject("If the fan is chosen to be sufficiently refined then we get control.")).toBeUndefined();
    expect(definedSubject("A fan is a polyhedral complex all of whose cells are cones.")).toBe("fan");
    expect(definedSubject("The block size is defined as the length of the input.")).toBe("block size");
  });

  it("reads a numbered definition of what it opens with, and no quantified or conditional mention", () => {
    const words = ["tropical", "hypersurface"];
    const numbered =
      "Definition 1.3. The tropical hypersurface V (F ) defined by the tropical polynomial F is the nondifferentiable locus of F.";
    expect(statesDefinitionOf(numbered, words)).toBe(true);
    expect(statesDefinitionOf("Definition 6.6. Fix Y, and choose a fan with support trop(Y).", ["fan"])).toBe(false);
    expect(
      statesDefinitionOf("Analysis would be easy if every precursor or indicator were accurate.", ["indicator"]),
    ).toBe(false);
    expect(definedSubject("Even if an indicator is accurate, no incident may have occurred.")).toBeUndefined();
  });

  it("reads the expansion set after a name as its definition", () => {
    expect(statesDefinitionOf("Disks are checked by fsck (which stands for file system check).", ["fsck"])).toBe(true);
    expect(statesDefinitionOf("It runs under GNU, short for GNU's Not Unix, on most systems.", ["gnu"])).toBe(true);
    expect(statesDefinitionOf("The RAID (an abbreviation of redundant array) holds two disks.", ["raid"])).toBe(true);
    expect(statesDefinitionOf("Disks are checked by fsck (which runs at boot) every month.", ["fsck"])).toBe(false);
  });

  it("takes a state said with an intensifier for no definition", () => {
    expect(statesDefinitionOf("While precursors are rare, indicators are all too common.", ["indicator"])).toBe(false);
    expect(statesDefinitionOf("Indicators are very common in logs.", ["indicator"])).toBe(false);
    expect(statesDefinitionOf("An indicator is a sign that an incident may have occurred.", ["indicator"])).toBe(true);
  });
});
