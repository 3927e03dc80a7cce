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
export async function runWithConcurrency<T>(
  items: readonly T[],
  maxConcurrency: number,
  isExclusive: (item: T) => boolean,
  run: (item: T) => Promise<void>,
): Promise<void> {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const start = (item: T): void => {
    const task: Promise<void> = run(item)
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => running.delete(task));
    running.add(task);
  };
  for (const item of items) {
    const exclusive = isExclusive(item);
    while (running.size > 0 && (exclusive || running.size >= maxConcurrency)) await Promise.race(running);
    if (failure !== undefined) break;
    start(item);
    if (exclusive) await Promise.all(running);
  }
  await Promise.all(running);
  if (failure !== undefined) throw failure.error;
}
