/**
 * Runs tasks one at a time per key (a promise queue per key), so two writes to the same
 * conversation in this process never overlap. Keys without queued work take no memory.
 *
 * @internal
 */
export class KeyedLock {
  readonly #tails = new Map<string, Promise<unknown>>();

  /**
   * @param key - e.g. a conversation id
   * @param task - runs after every task queued earlier for `key` has settled
   * @returns what `task` returns
   */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const current = previous.then(task);
    const tail = current.catch(() => undefined);
    this.#tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }
}
