/**
 * `compute` with its results kept by argument until `limit` are held, then all forgotten at
 * once. For the hot paths of an ask, which see the same few thousand words, lines and passages
 * again and again: a lookup here costs one Map access, less than an LRU's bookkeeping.
 */
export function memoize<T>(limit: number, compute: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const value = compute(key);
    if (cache.size >= limit) cache.clear();
    cache.set(key, value);
    return value;
  };
}
