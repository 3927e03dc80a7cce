/**
 * `fetch` for the `openai` client that rethrows failures as errors of this module's realm.
 *
 * When code runs in a separate realm (a Jest test environment, a `vm` context), the `AbortError`
 * that `fetch` throws on a timeout is not `instanceof Error` there; the `openai` client then loses
 * its name and reports a timeout as a connection error with the message `{}`. Errors that already
 * belong to this realm pass through unchanged, so under plain Node this wrapper changes nothing.
 */
export const realmSafeFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (error) {
    throw toRealmError(error);
  }
};

function toRealmError(error: unknown): unknown {
  if (error instanceof Error || typeof error !== 'object' || error === null) return error;
  const foreign = error as { name?: unknown; message?: unknown; cause?: unknown };
  if (typeof foreign.message !== 'string') return error;
  const local = new Error(foreign.message, foreign.cause === undefined ? undefined : { cause: foreign.cause });
  if (typeof foreign.name === 'string') local.name = foreign.name;
  return local;
}
