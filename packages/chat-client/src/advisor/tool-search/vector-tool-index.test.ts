import { ConfigurationError, type EmbeddingModel } from '@sprout-ai/core';
import { wordHashEmbedding } from '@sprout-ai/test';
import { DESK_TOOLS } from './__fixtures__/desk-tools';
import { cosineSimilarity } from './cosine-similarity';
import { VectorToolIndex } from './vector-tool-index';

/** An embedding model of word-hash vectors that records what it was asked to embed. */
class RecordingEmbeddingModel implements EmbeddingModel {
  readonly calls: string[][] = [];
  hold?: Promise<void>;
  embed(texts: readonly string[]): Promise<number[][]> {
    this.calls.push([...texts]);
    const vectors = texts.map((t) => wordHashEmbedding(t, 256));
    return (this.hold ?? Promise.resolve()).then(() => vectors);
  }
}

describe(VectorToolIndex, () => {
  async function indexed(minScore?: number) {
    const model = new RecordingEmbeddingModel();
    const index = new VectorToolIndex({ embeddingModel: model, minScore });
    await index.indexTools('s', DESK_TOOLS);
    return { model, index };
  }

  describe('.indexTools', () => {
    it("should embed all tools in one request, each as its name's words and its description", async () => {
      const { model } = await indexed();

      expect(model.calls).toHaveLength(1);
      expect(model.calls[0][0]).toBe('get order status: Status and delivery progress of an order');
      expect(model.calls[0][1]).toBe('cancel order: Cancel an order that has not shipped yet');
    });

    it('should drop tools whose session was cleared while they were being embedded', async () => {
      const model = new RecordingEmbeddingModel();
      let release!: () => void;
      model.hold = new Promise((resolve) => (release = resolve));
      const index = new VectorToolIndex({ embeddingModel: model, minScore: -1 });

      const indexing = index.indexTools('s', DESK_TOOLS);
      index.clearIndex('s');
      release();
      await indexing;

      model.hold = undefined;
      expect((await index.search({ sessionId: 's', query: 'order' })).toolReferences).toEqual([]);
    });
  });

  describe('.search', () => {
    it('should rank tools by the cosine similarity of their embedding to the query, best first', async () => {
      const { index, model } = await indexed();

      const response = await index.search({ sessionId: 's', query: 'cancel an order', maxResults: 3 });

      expect(response.searchType).toBe('VectorToolIndex');
      expect(response.toolReferences[0]).toEqual({
        toolName: 'cancel_order',
        summary: 'Cancel an order that has not shipped yet',
        relevanceScore: cosineSimilarity(
          wordHashEmbedding('cancel an order', 256),
          wordHashEmbedding('cancel order: Cancel an order that has not shipped yet', 256),
        ),
      });
      const scores = response.toolReferences.map((r) => r.relevanceScore ?? 0);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(model.calls.at(-1)).toEqual(['cancel an order']);
    });

    it('should leave out tools below minScore', async () => {
      const { index } = await indexed(0.99);

      expect((await index.search({ sessionId: 's', query: 'cancel an order' })).toolReferences).toEqual([]);
    });

    it('should find nothing, without embedding, in an unknown session or for a blank query', async () => {
      const { index, model } = await indexed();

      expect((await index.search({ sessionId: 'other', query: 'order' })).toolReferences).toEqual([]);
      expect((await index.search({ sessionId: 's', query: '  ' })).toolReferences).toEqual([]);
      expect(model.calls).toHaveLength(1);
    });

    it('should find nothing after clearIndex', async () => {
      const { index } = await indexed(-1);

      index.clearIndex('s');

      expect((await index.search({ sessionId: 's', query: 'order' })).toolReferences).toEqual([]);
    });
  });

  describe('constructor', () => {
    it.each([1.5, -2, Number.NaN])('should reject minScore %p', (minScore) => {
      expect(() => new VectorToolIndex({ embeddingModel: new RecordingEmbeddingModel(), minScore })).toThrow(
        ConfigurationError,
      );
    });

    it('should reject a missing embedding model', () => {
      expect(() => new VectorToolIndex({} as never)).toThrow(ConfigurationError);
    });
  });
});
