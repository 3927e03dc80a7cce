import { fakeTool } from '../../model/tool/__fixtures__/fake-tool-callback';
import { ConfigurationError } from '../../error/configuration-error';
import { StaticToolCallbackResolver } from './static-tool-callback-resolver';

describe(StaticToolCallbackResolver, () => {
  describe('.resolve', () => {
    it('should find a tool by its exact name', () => {
      const a = fakeTool('getOrder');
      const resolver = new StaticToolCallbackResolver([a, fakeTool('b')]);
      expect(resolver.resolve('getOrder')).toBe(a);
      expect(resolver.resolve('getorder')).toBeUndefined();
      expect(resolver.resolve('missing')).toBeUndefined();
    });
    describe('when two tools share a name', () => {
      it('should return the later one', () => {
        const later = fakeTool('a');
        expect(new StaticToolCallbackResolver([fakeTool('a'), later]).resolve('a')).toBe(later);
      });
    });
  });
  describe('.toolNames', () => {
    it('should list the known names once', () => {
      expect(new StaticToolCallbackResolver([fakeTool('a'), fakeTool('b'), fakeTool('a')]).toolNames).toEqual([
        'a',
        'b',
      ]);
    });
  });
  describe('constructor', () => {
    describe('when a tool has a blank name', () => {
      it('should throw ConfigurationError naming the tool source', () => {
        const run = (): unknown => new StaticToolCallbackResolver([fakeTool(' ')]);
        expect(run).toThrow(ConfigurationError);
        expect(run).toThrow(/blank name \(from test\. \)/);
      });
    });
  });
});
