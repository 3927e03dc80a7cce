import { ConfigurationError } from '@sprout-ai/core';
import { DESK_TOOLS } from './__fixtures__/desk-tools';
import { FullTextToolIndex } from './full-text-tool-index';

const top = (index: FullTextToolIndex, query: string, maxResults = 3) =>
  index.search({ sessionId: 's-1', query, maxResults }).toolReferences.map((r) => r.toolName);

describe(FullTextToolIndex, () => {
  let index: FullTextToolIndex;
  beforeEach(() => {
    index = new FullTextToolIndex();
    index.indexTools('s-1', DESK_TOOLS);
  });

  describe('.search', () => {
    it.each([
      ['where is my order, what is its status?', 'getOrderStatus'],
      ['cancel my orders', 'cancel_order'],
      ['I want to send the items back', 'createReturnLabel'],
      ['change delivery address', 'updateShippingAddress'],
      ['weather in Paris', 'getWeather'],
    ])('should rank the intended tool first for %j', (query, expected) => {
      expect(top(index, query)[0]).toBe(expected);
    });

    it('should find tools by words of their camelCase and snake_case names', () => {
      expect(top(index, 'return label')[0]).toBe('createReturnLabel');
      expect(top(index, 'cancel order')[0]).toBe('cancel_order');
    });

    it('should find tools by their parameter descriptions', () => {
      expect(top(index, 'street')).toEqual(['updateShippingAddress']);
    });

    it('should find tools described in Chinese from a Chinese query worded differently', () => {
      expect(top(index, '我要查发票')[0]).toBe('lookupInvoice');
      expect(top(index, '退款给我')[0]).toBe('refundPayment');
    });

    it('should match a word prefix of longer words ("cancel" finds "cancellation")', () => {
      const other = new FullTextToolIndex();
      other.indexTools('s', [{ name: 'x', description: 'Request a cancellation', inputSchema: '{}' }]);
      expect(other.search({ sessionId: 's', query: 'cancel' }).toolReferences.map((r) => r.toolName)).toEqual(['x']);
    });

    it('should match other forms of an English word (stemming)', () => {
      const other = new FullTextToolIndex();
      other.indexTools('s', [
        { name: 'summarizeDocument', description: 'Summarize a long document', inputSchema: '{}' },
        { name: 'logCall', description: 'Log a phone call with a contact', inputSchema: '{}' },
      ]);
      const first = (query: string) => other.search({ sessionId: 's', query }).toolReferences[0]?.toolName;
      expect(first('give me a summary')).toBe('summarizeDocument');
      expect(first('I phoned Mr. Chen')).toBe('logCall');
    });

    it('should find a Chinese description sharing only single characters with the query, below one sharing a pair', () => {
      const other = new FullTextToolIndex();
      other.indexTools('s', [
        { name: 'weeklyWorkouts', description: '每周运动汇总：跑步、健身', inputSchema: '{}' },
        { name: 'runningShoes', description: '推荐跑鞋', inputSchema: '{}' },
        { name: 'thisWeekWeather', description: '这周天气', inputSchema: '{}' },
      ]);
      const names = other.search({ sessionId: 's', query: '这周跑了多少公里' }).toolReferences.map((r) => r.toolName);
      // 这周 is a shared pair; 跑 and 周 single characters; 这 alone is a function character.
      expect(names[0]).toBe('thisWeekWeather');
      expect(names).toContain('weeklyWorkouts');
    });

    it('should rank a tool matching more of the query above one matching one word more strongly', () => {
      const other = new FullTextToolIndex();
      other.indexTools('s', [
        { name: 'publishReleaseNote', description: 'Publish a release note', inputSchema: '{}' },
        {
          name: 'logContactCall',
          description: 'Log a phone call with a contact, with a note of what was said and agreed on',
          inputSchema: '{}',
        },
      ]);
      const names = other.search({ sessionId: 's', query: 'note down that I phoned Mr. Chen' }).toolReferences;
      expect(names.map((r) => r.toolName)).toEqual(['logContactCall', 'publishReleaseNote']);
    });

    it('should carry scores, best first, and the description as summary', () => {
      const refs = index.search({ sessionId: 's-1', query: 'order' }).toolReferences;
      const scores = refs.map((r) => r.relevanceScore ?? 0);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(refs.find((r) => r.toolName === 'getOrderStatus')?.summary).toBe(DESK_TOOLS[0].description);
    });

    it('should leave out tools scoring below minScore', () => {
      const strict = new FullTextToolIndex({ minScore: 1_000 });
      strict.indexTools('s-1', DESK_TOOLS);
      expect(top(strict, 'order')).toEqual([]);
    });

    it('should find nothing for an unknown session, a cleared session or a query without terms', () => {
      expect(index.search({ sessionId: 'nope', query: 'order' }).toolReferences).toEqual([]);
      expect(top(index, 'the of ?')).toEqual([]);
      index.clearIndex('s-1');
      expect(top(index, 'order')).toEqual([]);
    });
  });

  describe('constructor', () => {
    it.each([-1, Number.NaN, '1'])('should reject minScore %p', (minScore) => {
      expect(() => new FullTextToolIndex({ minScore: minScore as number })).toThrow(ConfigurationError);
    });
  });
});
