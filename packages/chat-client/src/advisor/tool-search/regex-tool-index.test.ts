import { DESK_TOOLS } from './__fixtures__/desk-tools';
import { RegexToolIndex } from './regex-tool-index';

const names = (index: RegexToolIndex, query: string, maxResults?: number) =>
  index.search({ sessionId: 's-1', query, maxResults }).toolReferences.map((r) => r.toolName);

describe(RegexToolIndex, () => {
  let index: RegexToolIndex;
  beforeEach(() => {
    index = new RegexToolIndex();
    index.indexTools('s-1', DESK_TOOLS);
  });

  describe('.search', () => {
    it('should rank a tool matching in its name above one matching in its description only', () => {
      expect(names(index, 'weather')).toEqual(['getWeather']);
      expect(names(index, 'order status')[0]).toBe('getOrderStatus');
    });

    it('should ignore stop words, punctuation and case', () => {
      expect(names(index, 'CANCEL the...')).toEqual(['cancel_order']);
    });

    it('should search the words of a stop-word-only query as written', () => {
      expect(names(index, 'an')).toContain('cancel_order');
    });

    it('should treat regular-expression characters in the query as text', () => {
      expect(names(index, '.* (a|b) [weather')).toEqual(['getWeather']);
    });

    it('should match every tool, in index order, for a blank query, up to maxResults', () => {
      expect(names(index, '   ', 3)).toEqual(['getOrderStatus', 'cancel_order', 'createReturnLabel']);
    });

    it('should return at most 10 references by default', () => {
      const many = new RegexToolIndex();
      many.indexTools(
        's-2',
        Array.from({ length: 15 }, (_, i) => ({ ...DESK_TOOLS[0], name: `orderTool${i}` })),
      );
      expect(many.search({ sessionId: 's-2', query: 'order' }).toolReferences).toHaveLength(10);
    });

    it('should find nothing in an unknown or cleared session', () => {
      expect(index.search({ sessionId: 'other', query: 'order' }).toolReferences).toEqual([]);
      index.clearIndex('s-1');
      expect(names(index, 'order')).toEqual([]);
      expect(index.size('s-1')).toBe(0);
    });

    it('should keep sessions apart', () => {
      index.indexTools('s-2', [DESK_TOOLS[6]]);
      expect(index.search({ sessionId: 's-2', query: 'order' }).toolReferences).toEqual([]);
    });
  });
});
