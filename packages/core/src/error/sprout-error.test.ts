import { SproutError } from './sprout-error';

class OrderLookupError extends SproutError {
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.OrderLookupError');
}
class OrderNotFoundError extends OrderLookupError {
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.OrderNotFoundError');
}
class PaymentError extends SproutError {
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.PaymentError');
}
/** A subclass that declares no marker of its own. */
class UnmarkedError extends OrderLookupError {}

/** The classes above as another copy of the package would define them: same markers, other classes. */
function otherCopy(): { SproutError: typeof SproutError; OrderNotFoundError: typeof OrderNotFoundError } {
  let copy: typeof import('./sprout-error') | undefined;
  jest.isolateModules(() => {
    copy = jest.requireActual<typeof import('./sprout-error')>('./sprout-error');
  });
  const Base = (copy as typeof import('./sprout-error')).SproutError;
  class OtherOrderLookupError extends Base {
    static override readonly marker: symbol = Symbol.for('sprout-ai.error.OrderLookupError');
  }
  class OtherOrderNotFoundError extends OtherOrderLookupError {
    static override readonly marker: symbol = Symbol.for('sprout-ai.error.OrderNotFoundError');
  }
  return { SproutError: Base, OrderNotFoundError: OtherOrderNotFoundError };
}

describe(SproutError, () => {
  describe('constructor', () => {
    it("should name the error after its class and keep the cause, as Error's options do", () => {
      const cause = new Error('connection reset');
      const error = new OrderNotFoundError('Order A999 does not exist.', { cause });

      expect(error.name).toBe('OrderNotFoundError');
      expect(error.message).toBe('Order A999 does not exist.');
      expect(error.cause).toBe(cause);
    });

    it('should keep the brand out of JSON and log lines', () => {
      const error = new OrderNotFoundError('Order A999 does not exist.');

      expect(JSON.stringify(error)).toBe('{"name":"OrderNotFoundError"}');
      expect(Object.getOwnPropertySymbols(error)).toEqual([Symbol.for('sprout-ai.error')]);
    });
  });

  describe('.isInstance', () => {
    const notFound = new OrderNotFoundError('Order A999 does not exist.');

    it('should be true for an instance of the class or of a subclass', () => {
      expect(OrderNotFoundError.isInstance(notFound)).toBe(true);
      expect(OrderLookupError.isInstance(notFound)).toBe(true);
      expect(SproutError.isInstance(notFound)).toBe(true);
    });

    it('should be false for a parent, a sibling, a plain Error and what is not an error', () => {
      expect(OrderNotFoundError.isInstance(new OrderLookupError('x'))).toBe(false);
      expect(PaymentError.isInstance(notFound)).toBe(false);
      expect(SproutError.isInstance(new Error('x'))).toBe(false);
      for (const value of [undefined, null, 'OrderNotFoundError', 42, {}, { name: 'OrderNotFoundError' }]) {
        expect(OrderNotFoundError.isInstance(value)).toBe(false);
      }
    });

    it('should be true for an error made by another copy of the package, where instanceof is false', () => {
      const other = otherCopy();
      const fromCopy = new other.OrderNotFoundError('Order A999 does not exist.');

      expect(other.SproutError).not.toBe(SproutError);
      expect(fromCopy).not.toBeInstanceOf(OrderNotFoundError);
      expect(OrderNotFoundError.isInstance(fromCopy)).toBe(true);
      expect(OrderLookupError.isInstance(fromCopy)).toBe(true);
      expect(SproutError.isInstance(fromCopy)).toBe(true);
      expect(PaymentError.isInstance(fromCopy)).toBe(false);
      expect(other.OrderNotFoundError.isInstance(notFound)).toBe(true);
    });

    describe('when the class declares no marker of its own', () => {
      it('should fall back to instanceof rather than answer for its parent', () => {
        const unmarked = new UnmarkedError('x');

        expect(UnmarkedError.isInstance(unmarked)).toBe(true);
        expect(UnmarkedError.isInstance(new OrderLookupError('x'))).toBe(false);
        expect(OrderLookupError.isInstance(unmarked)).toBe(true);
      });
    });
  });
});
