import { errorOf } from '@sprout-ai/test';
import { BeanCurrentlyInCreationError } from './bean-currently-in-creation-error';
import { ScannedToolCallbackProvider } from './scanned-tool-callback-provider';

describe(ScannedToolCallbackProvider, () => {
  describe('.getToolCallbacks', () => {
    describe('when asked before the scan finished (e.g. from a @Tool class constructor)', () => {
      it('should throw BeanCurrentlyInCreationError saying to resolve the dependency lazily', () => {
        const error = errorOf(() => new ScannedToolCallbackProvider().getToolCallbacks(), BeanCurrentlyInCreationError);

        expect(error.message).toMatch(
          /^The scanned tool callbacks are not available yet: .* Resolve that dependency lazily/,
        );
      });
    });
  });
});
