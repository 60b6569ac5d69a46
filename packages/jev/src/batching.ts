/** A claim with its cited ids deduplicated, in the order the draft gave them. */
export interface CitedClaim {
  /** Position of the claim within its part. */
  position: number;
  id: string;
  text: string;
  citationIds: number[];
}

/** Claims that cite exactly the same set of passages, and so may share one request. */
export interface CitedSetGroup {
  /** The set in the order the group's first claim cited it; the excerpts are sent in this order. */
  citationIds: number[];
  claims: CitedClaim[];
}

/** Order-insensitive identity of a cited set. */
export function citedSetKey(citationIds: readonly number[]): string {
  return [...new Set(citationIds)].sort((a, b) => a - b).join(",");
}

/** Groups claims by identical cited set (as sets), keeping first-appearance order. */
export function groupByCitedSet(
  claims: ReadonlyArray<{ id: string; text: string; citations: readonly number[] }>,
): CitedSetGroup[] {
  const groups = new Map<string, CitedSetGroup>();
  claims.forEach((claim, position) => {
    const citationIds = [...new Set(claim.citations)];
    const key = citedSetKey(citationIds);
    const cited: CitedClaim = { position, id: claim.id, text: claim.text, citationIds };
    const group = groups.get(key);
    if (group) group.claims.push(cited);
    else groups.set(key, { citationIds, claims: [cited] });
  });
  return [...groups.values()];
}
