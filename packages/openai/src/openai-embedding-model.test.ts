import { ConfigurationError, RequestAbortedError } from '@sprout-ai/core';
import { OpenAiWireServer, errorOf, wordHashEmbedding } from '@sprout-ai/test';
import { OpenAiApiError } from './openai-api-error';
import { OpenAiEmbeddingModel, OPENAI_EMBEDDING_MAX_INPUTS } from './openai-embedding-model';

describe(OpenAiEmbeddingModel, () => {
  let server: OpenAiWireServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start() {
    server = await OpenAiWireServer.start({ script: [] });
    return server;
  }

  describe('.embed', () => {
    it('should post the texts, model and dimensions to /v1/embeddings and return one vector per text, in order', async () => {
      const wire = await start();
      const model = new OpenAiEmbeddingModel({
        baseUrl: wire.baseUrl,
        apiKey: 'test-key',
        model: 'text-embedding-3-small',
        dimensions: 16,
      });

      const vectors = await model.embed(['cancel an order', '取消订单']);

      expect(vectors).toEqual([wordHashEmbedding('cancel an order', 16), wordHashEmbedding('取消订单', 16)]);
      expect(wire.embeddingRequests).toEqual([
        {
          model: 'text-embedding-3-small',
          input: ['cancel an order', '取消订单'],
          encoding_format: 'float',
          dimensions: 16,
        },
      ]);
      expect(wire.requests).toEqual([]);
    });

    it('should ask for the default model and leave dimensions out when none are set', async () => {
      const wire = await start();

      await new OpenAiEmbeddingModel({ baseUrl: wire.baseUrl, apiKey: 'k' }).embed(['x']);

      expect(wire.embeddingRequests[0]).toEqual({
        model: 'text-embedding-ada-002',
        input: ['x'],
        encoding_format: 'float',
      });
    });

    it('should send no request for no texts', async () => {
      const wire = await start();

      await expect(new OpenAiEmbeddingModel({ baseUrl: wire.baseUrl }).embed([])).resolves.toEqual([]);
      expect(wire.embeddingRequests).toEqual([]);
    });

    it(`should send more than ${OPENAI_EMBEDDING_MAX_INPUTS} texts in batches and keep their order`, async () => {
      const wire = await start();
      const texts = Array.from({ length: OPENAI_EMBEDDING_MAX_INPUTS + 3 }, (_, i) => `tool ${i}`);

      const vectors = await new OpenAiEmbeddingModel({ baseUrl: wire.baseUrl, dimensions: 8 }).embed(texts);

      expect(wire.embeddingRequests.map((r) => (r.input as string[]).length)).toEqual([OPENAI_EMBEDDING_MAX_INPUTS, 3]);
      expect(vectors.at(-1)).toEqual(wordHashEmbedding(`tool ${OPENAI_EMBEDDING_MAX_INPUTS + 2}`, 8));
    });

    it('should reject an error answer with an OpenAiApiError naming the endpoint and status', async () => {
      const wire = await start();

      const error = await errorOf(new OpenAiEmbeddingModel({ baseUrl: wire.baseUrl, maxRetries: 0 }).embed(['']));

      expect(error).toBeInstanceOf(OpenAiApiError);
      expect(error).toMatchObject({ status: 400, baseUrl: wire.baseUrl });
      expect((error as Error).message).toContain(wire.baseUrl);
    });

    it('should reject an answer without one vector per text with an OpenAiApiError', async () => {
      server = await OpenAiWireServer.start({ script: [], embeddings: () => [[1, 0]] });

      await expect(new OpenAiEmbeddingModel({ baseUrl: server.baseUrl }).embed(['a', 'b'])).rejects.toThrow(
        /for 2 text\(s\) with 1 vector\(s\)/,
      );
    });

    it('should reject with RequestAbortedError and send nothing when the signal is aborted already', async () => {
      const wire = await start();

      await expect(
        new OpenAiEmbeddingModel({ baseUrl: wire.baseUrl }).embed(['a'], { signal: AbortSignal.abort() }),
      ).rejects.toThrow(RequestAbortedError);
      expect(wire.embeddingRequests).toEqual([]);
    });
  });

  describe('constructor', () => {
    it.each([0, 1.5, -3])('should reject dimensions %p with a ConfigurationError', (dimensions) => {
      expect(() => new OpenAiEmbeddingModel({ dimensions })).toThrow(ConfigurationError);
    });
  });
});
