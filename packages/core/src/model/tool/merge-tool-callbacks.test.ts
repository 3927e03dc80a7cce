import { fakeTool } from './__fixtures__/fake-tool-callback';
import { mergeToolCallbacks } from './merge-tool-callbacks';

describe(mergeToolCallbacks, () => {
  const a = fakeTool('a');
  const b = fakeTool('b');
  describe('when runtime callbacks are given', () => {
    it('should return a copy of the runtime callbacks only, discarding the defaults', () => {
      const runtime = [a];
      const merged = mergeToolCallbacks(runtime, [b]);
      expect(merged).toEqual([a]);
      expect(merged).not.toBe(runtime);
    });
  });
  describe('when runtime callbacks are empty or missing', () => {
    it.each([[[]], [undefined]])('should return a copy of the defaults for runtime %p', (runtime) => {
      const defaults = [a, b];
      const merged = mergeToolCallbacks(runtime, defaults);
      expect(merged).toEqual([a, b]);
      expect(merged).not.toBe(defaults);
    });
    it('should return undefined when there are no defaults either', () => {
      expect(mergeToolCallbacks([], undefined)).toBeUndefined();
    });
  });
});
