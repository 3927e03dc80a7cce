/**
 * Base class of every error Sprout AI throws on purpose.
 *
 * @remarks Spring AI throws plain `IllegalStateException`/`IllegalArgumentException`; we give each
 * failure a caller can act on its own subclass so `instanceof` works across package boundaries.
 */
export class SproutError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}
