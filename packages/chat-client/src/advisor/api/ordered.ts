/** The smallest order: an advisor with it runs first on the way in and last on the way out. */
export const HIGHEST_PRECEDENCE = -2147483648;
/** The largest order: an advisor with it runs last on the way in (next to the model). */
export const LOWEST_PRECEDENCE = 2147483647;

/**
 * Order constants of advisors. A lower order is earlier in the request direction, so it wraps
 * (is "outside") every advisor with a higher order.
 *
 * @see Spring Framework `Ordered`
 */
export const Ordered = Object.freeze({
  /** `-2147483648` (Java's `Integer.MIN_VALUE`). */
  HIGHEST_PRECEDENCE,
  /** `2147483647` (Java's `Integer.MAX_VALUE`). */
  LOWEST_PRECEDENCE,
});
