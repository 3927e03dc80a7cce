/**
 * The brand of every Sprout error: an instance holds, under this key, the markers of its class and
 * of the classes it extends. `Symbol.for` gives the same key in every copy of the package, so the
 * checks below hold when an application ends up with two copies of `@sprout-ai/core`.
 */
const BRAND = Symbol.for('sprout-ai.error');

/**
 * Base class of every error Sprout AI throws on purpose.
 *
 * Check for a Sprout error with the class's {@link SproutError.isInstance} rather than
 * `instanceof`: `ToolExecutionError.isInstance(error)` is also true for an error made by another copy
 * of the package (two versions in `node_modules`, a bundle next to a workspace build), where
 * `instanceof` is false.
 *
 * A subclass declares its own marker, and gets a correct `isInstance` and `name` without more code
 * (Sprout's classes use `sprout-ai.error.<ClassName>`; give yours a prefix of your own):
 * ```ts
 * export class OrderLookupError extends SproutError {
 *   static override readonly marker = Symbol.for('my-shop.OrderLookupError');
 * }
 * OrderLookupError.isInstance(error); // error is OrderLookupError
 * ```
 *
 * @remarks Spring AI throws plain `IllegalStateException`/`IllegalArgumentException`; we give each
 * failure a caller can act on its own subclass, and a brand so the check works across package copies.
 */
export class SproutError extends Error {
  /**
   * This class's marker, `Symbol.for('sprout-ai.error.<ClassName>')`: a registered symbol, the same
   * in every copy of the package. Every subclass declares its own; a subclass without one is checked
   * with `instanceof` only (see {@link SproutError.isInstance}).
   */
  static readonly marker: symbol = Symbol.for('sprout-ai.error.SproutError');

  // Type-only: without a member of its own a Sprout error is any `Error` to TypeScript, and the
  // `else` branch of `isInstance` on an `Error` narrows to `never`.
  declare private readonly sproutErrorBrand: true;

  /**
   * @param message - what went wrong and how to fix it
   * @param options - `cause`: the underlying error, as for `Error`
   */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    // Not enumerable: the brand stays out of logs, JSON and test equality.
    Object.defineProperty(this, BRAND, { value: markersOf(new.target) });
  }

  /**
   * Whether `value` is an error of this class or of a subclass, from any copy of Sprout AI: it
   * carries the Sprout brand with this class's marker. For a class that declares no marker of its
   * own, this is `value instanceof` the class.
   *
   * @example `if (ToolCallLimitExceededError.isInstance(error)) return error.buildGeneration();`
   * @param value - anything, e.g. what a `catch` caught
   * @returns `true` when `value` is an instance of the class it is called on
   */
  static isInstance<T extends SproutError>(this: abstract new (...args: never[]) => T, value: unknown): value is T {
    if (!Object.hasOwn(this, 'marker')) return value instanceof this;
    const markers = typeof value === 'object' && value !== null ? (value as { [BRAND]?: unknown })[BRAND] : undefined;
    return Array.isArray(markers) && markers.includes((this as unknown as typeof SproutError).marker);
  }
}

/** The markers a new instance of `errorClass` carries: its own and those of the classes it extends. */
function markersOf(errorClass: abstract new (...args: never[]) => SproutError): readonly symbol[] {
  const markers: symbol[] = [];
  for (let c: unknown = errorClass; typeof c === 'function' && c !== Error; c = Object.getPrototypeOf(c)) {
    if (Object.hasOwn(c, 'marker')) markers.push((c as typeof SproutError).marker);
  }
  return Object.freeze(markers);
}
