import { DuplicateToolNameError, SproutError, ToolExecutionError } from '@sprout-ai/core';
import { errorOf } from './error-of';

const duplicateName = (): DuplicateToolNameError =>
  new DuplicateToolNameError({ names: ['getOrder'], sources: ['A.getOrder', 'B.getOrder'] });

describe(errorOf, () => {
  describe('given a function', () => {
    it('should return what it throws', () => {
      const thrown = duplicateName();

      expect(
        errorOf(() => {
          throw thrown;
        }),
      ).toBe(thrown);
    });

    it('should fail when it returns instead', () => {
      expect(() => errorOf(() => 42)).toThrow('Expected a throw, but the function returned 42.');
    });

    it('should fail when it returns a promise, whose rejection would go unchecked', () => {
      expect(() => errorOf(() => Promise.reject(duplicateName()))).toThrow(
        'Expected a throw, but the function returned a promise; pass the promise: await errorOf(promise).',
      );
    });
  });

  describe('given a promise', () => {
    it('should resolve with the rejection reason', async () => {
      const thrown = duplicateName();

      await expect(errorOf(Promise.reject(thrown))).resolves.toBe(thrown);
    });

    it('should fail when the promise resolves', async () => {
      await expect(errorOf(Promise.resolve('done'))).rejects.toThrow(
        'Expected the promise to reject, but it resolved with "done".',
      );
    });
  });

  describe('given an error class', () => {
    it('should return an error of that class or of a subclass', () => {
      const thrown = duplicateName();
      const run = (): never => {
        throw thrown;
      };

      expect(errorOf(run, DuplicateToolNameError)).toBe(thrown);
      expect(errorOf(run, SproutError)).toBe(thrown);
    });

    it('should accept a Sprout error made by another copy of the package', () => {
      let copy: typeof import('@sprout-ai/core') | undefined;
      jest.isolateModules(() => {
        copy = jest.requireActual<typeof import('@sprout-ai/core')>('@sprout-ai/core');
      });
      const { DuplicateToolNameError: OtherDuplicateToolNameError } = copy as typeof import('@sprout-ai/core');
      const run = (): never => {
        throw new OtherDuplicateToolNameError({ names: ['getOrder'], sources: ['A.getOrder', 'B.getOrder'] });
      };

      expect(OtherDuplicateToolNameError).not.toBe(DuplicateToolNameError);
      expect(errorOf(run, DuplicateToolNameError)).toMatchObject({ names: ['getOrder'] });
    });

    it('should fail naming the class and what was thrown instead', () => {
      const run = (): never => {
        throw duplicateName();
      };

      expect(() => errorOf(run, ToolExecutionError)).toThrow(
        'Expected a ToolExecutionError, but got DuplicateToolNameError: Multiple tools with the same name (getOrder)',
      );
    });

    it('should check a class that is not a Sprout error with instanceof', () => {
      const run = (): never => {
        throw new RangeError('out of range');
      };

      expect(errorOf(run, RangeError)).toBeInstanceOf(RangeError);
      expect(() => errorOf(run, TypeError)).toThrow('Expected a TypeError, but got RangeError: out of range.');
    });
  });
});
