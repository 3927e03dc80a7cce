import { runInNewContext } from 'node:vm';
import { RequestAbortedError } from './request-aborted-error';

async function timedOut(): Promise<AbortSignal> {
  const signal = AbortSignal.timeout(1);
  await new Promise((resolve) => setTimeout(resolve, 10));
  return signal;
}

describe(RequestAbortedError, () => {
  describe('.of', () => {
    describe('when the signal was aborted without a reason', () => {
      it("should be named 'AbortError' and say the request was aborted", () => {
        const error = RequestAbortedError.of(AbortSignal.abort());

        expect(error.name).toBe('AbortError');
        expect(error.message).toBe('The request was aborted.');
        expect(error.reason).toMatchObject({ name: 'AbortError' });
        expect(error.cause).toBe(error.reason);
      });
    });

    describe('when an AbortSignal.timeout expired', () => {
      it('should name the timeout in its message and keep the TimeoutError as reason', async () => {
        const error = RequestAbortedError.of(await timedOut());

        expect(error.message).toBe('The request was aborted (The operation was aborted due to timeout).');
        expect(error.reason).toMatchObject({ name: 'TimeoutError' });
      });
    });

    describe('when the reason is an error of another realm', () => {
      it('should still name it in its message', () => {
        const reason: unknown = runInNewContext('new RangeError("budget spent")');

        expect(RequestAbortedError.of(AbortSignal.abort(reason)).message).toBe(
          'The request was aborted (budget spent).',
        );
      });
    });

    describe('when the reason is a string', () => {
      it('should name it in its message', () => {
        expect(RequestAbortedError.of(AbortSignal.abort('user left')).message).toBe(
          'The request was aborted (user left).',
        );
      });
    });
  });

  describe('.throwIfAborted', () => {
    it('should throw only for an aborted signal', () => {
      expect(() => RequestAbortedError.throwIfAborted(undefined)).not.toThrow();
      expect(() => RequestAbortedError.throwIfAborted(new AbortController().signal)).not.toThrow();
      expect(() => RequestAbortedError.throwIfAborted(AbortSignal.abort())).toThrow(RequestAbortedError);
    });
  });
});
