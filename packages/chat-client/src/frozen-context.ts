/**
 * Marks contexts made by {@link frozenContext} (non-enumerable, so spreading, `Object.keys` and
 * JSON never see it).
 */
const OWN_COPY = Symbol('sprout.frozenContext');

/**
 * A frozen copy of a request/response context (internal). A context this function made before is
 * returned as it is: it is already a frozen plain copy nobody can change, so copying it again
 * (twice per tool round) would change nothing.
 *
 * @param context - advisor parameters and data
 * @returns a frozen plain object with the same entries
 */
export function frozenContext(context: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  if ((context as { readonly [OWN_COPY]?: true })[OWN_COPY] === true) return context;
  const copy = { ...context };
  Object.defineProperty(copy, OWN_COPY, { value: true });
  return Object.freeze(copy);
}
