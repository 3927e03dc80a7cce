/**
 * Runs `run` for each item in order, at most `maxConcurrency` at a time; an item for which
 * `isExclusive` is true runs alone (after the running ones finish, before the next ones start).
 * When a run rejects, no further item starts and — after the running ones settle — the first
 * rejection is thrown.
 *
 * @param items - in start order
 * @param maxConcurrency - a positive integer; `1` runs them one after another
 * @param isExclusive - whether an item must not overlap another
 * @param run - runs one item
 */
export function runWithConcurrency<T>(
  items: readonly T[],
  maxConcurrency: number,
  isExclusive: (item: T) => boolean,
  run: (item: T) => Promise<void>,
): Promise<void> {
  // One item (most rounds): nothing to schedule, so no worker and its awaits.
  return items.length === 1 ? run(items[0]) : runScheduled(items, maxConcurrency, isExclusive, run);
}

async function runScheduled<T>(
  items: readonly T[],
  maxConcurrency: number,
  isExclusive: (item: T) => boolean,
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  // A worker takes the next item until `end`; several workers share one stretch of parallel items.
  const worker = async (end: number): Promise<void> => {
    while (next < end && failure === undefined) {
      const item = items[next++];
      try {
        await run(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  while (next < items.length && failure === undefined) {
    let end = next + 1;
    if (!isExclusive(items[next])) while (end < items.length && !isExclusive(items[end])) end++;
    const workers = Math.min(maxConcurrency, end - next);
    await (workers === 1 ? worker(end) : Promise.all(Array.from({ length: workers }, () => worker(end))));
  }
  if (failure !== undefined) throw failure.error;
}
