import { join } from 'node:path';
import { Prompt } from '@sprout-ai/core';
import { OpenAiChatModel, toStrictToolSchema } from '@sprout-ai/openai';
import { ChatCompletionChunkAggregator } from '@sprout-ai/openai/internal';
import { OpenAiWireServer, chatCompletion } from '@sprout-ai/test';

// The built package as a user's code loads it: through node_modules and the exports map to dist/.
describe('@sprout-ai/openai entry', () => {
  it('should resolve to the build', () => {
    expect(require.resolve('@sprout-ai/openai')).toBe(join(__dirname, '../dist/index.js'));
    expect(require.resolve('@sprout-ai/openai/internal')).toBe(join(__dirname, '../dist/internal.js'));
  });

  it('should call an OpenAI-compatible endpoint', async () => {
    const server = await OpenAiWireServer.start({ script: [chatCompletion({ content: 'Hello from the wire' })] });
    try {
      const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'k', maxRetries: 0 });

      expect((await model.call(new Prompt('Hi'))).result?.output.text).toBe('Hello from the wire');
      expect(server.requests[0].messages).toEqual([{ role: 'user', content: 'Hi' }]);
    } finally {
      await server.close();
    }
  });

  it('should make a tool schema strict', () => {
    expect(toStrictToolSchema({ type: 'object', properties: { q: { type: 'string' } } })).toMatchObject({
      ok: true,
      schema: { additionalProperties: false, required: ['q'] },
    });
  });

  it('should give the benchmarks the chunk aggregator from ./internal', () => {
    expect(new ChatCompletionChunkAggregator({ reportDeltas: false })).toBeInstanceOf(ChatCompletionChunkAggregator);
  });
});
