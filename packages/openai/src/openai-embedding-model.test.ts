import { ConfigurationError, RequestAbortedError } from '@sprout-ai/core';
import { OpenAiWireServer, errorOf, wordHashEmbedding, type WireErrorStep } from '@sprout-ai/test';
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

  describe('with retry (spring.ai.retry.*)', () => {
    const FAST = { maxAttempts: 3, initialIntervalMs: 1, multiplier: 2, maxIntervalMs: 10 };
    const RATE_LIMITED: WireErrorStep = { status: 429, body: { error: { message: 'Rate limit reached' } } };
    const UNAVAILABLE: WireErrorStep = { status: 503, body: { error: { message: 'overloaded' } } };

    async function failingFirst(...failures: WireErrorStep[]) {
      server = await OpenAiWireServer.start({
        script: [],
        embeddings: (texts, request, index) =>
          failures[index] ?? texts.map((text) => wordHashEmbedding(text, request.dimensions)),
      });
      return server;
    }

    it('should retry a 429 and a 503 by the retry rules, then return the vectors', async () => {
      const wire = await failingFirst(RATE_LIMITED, UNAVAILABLE);
      const model = new OpenAiEmbeddingModel({ baseUrl: wire.baseUrl, apiKey: 'k', dimensions: 8, retry: FAST });

      await expect(model.embed(['cancel an order'])).resolves.toEqual([wordHashEmbedding('cancel an order', 8)]);
      expect(wire.embeddingRequests).toHaveLength(3);
    });

    it('should make maxAttempts requests in all, the openai client adding none, and throw the last error', async () => {
      const wire = await failingFirst(UNAVAILABLE, UNAVAILABLE, UNAVAILABLE, UNAVAILABLE);
      const model = new OpenAiEmbeddingModel({ baseUrl: wire.baseUrl, apiKey: 'k', retry: FAST });

      const error = await errorOf(model.embed(['x']), OpenAiApiError);

      expect(error).toMatchObject({ status: 503, provider: 'openai', retryable: true });
      expect(wire.embeddingRequests).toHaveLength(3);
    });

    it('should not retry a 400', async () => {
      const wire = await failingFirst({ status: 400, body: { error: { message: 'bad' } } });
      const model = new OpenAiEmbeddingModel({ baseUrl: wire.baseUrl, apiKey: 'k', retry: FAST });

      await expect(model.embed(['x'])).rejects.toMatchObject({ status: 400, retryable: false });
      expect(wire.embeddingRequests).toHaveLength(1);
    });

    it('should refuse retry together with maxRetries', () => {
      expect(() => new OpenAiEmbeddingModel({ retry: FAST, maxRetries: 2 })).toThrow(/one place retries a request/);
    });
  });
});
