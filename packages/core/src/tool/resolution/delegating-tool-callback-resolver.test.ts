import { fakeTool } from '../../model/tool/__fixtures__/fake-tool-callback';
import { DelegatingToolCallbackResolver } from './delegating-tool-callback-resolver';
import { StaticToolCallbackResolver } from './static-tool-callback-resolver';

describe(DelegatingToolCallbackResolver, () => {
  describe('.resolve', () => {
    const first = fakeTool('a');
    const second = fakeTool('a');
    const onlySecond = fakeTool('b');
    const resolver = new DelegatingToolCallbackResolver([
      new StaticToolCallbackResolver([first]),
      { resolve: () => null as never },
      new StaticToolCallbackResolver([second, onlySecond]),
    ]);
    it('should return the first resolver answer that is not empty', () => {
      expect(resolver.resolve('a')).toBe(first);
      expect(resolver.resolve('b')).toBe(onlySecond);
    });
    it('should return undefined when no resolver knows the name', () => {
      expect(resolver.resolve('zzz')).toBeUndefined();
      expect(new DelegatingToolCallbackResolver([]).resolve('a')).toBeUndefined();
    });
  });
});
