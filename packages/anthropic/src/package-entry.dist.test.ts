import { join } from 'node:path';
import { Prompt } from '@sprout-ai/core';
import { AnthropicChatModel, DEFAULT_ANTHROPIC_MAX_TOKENS } from '@sprout-ai/anthropic';
import { AnthropicWireServer, anthropicMessage } from '@sprout-ai/test';

// The built package as a user's code loads it: through node_modules and the exports map to dist/.
describe('@sprout-ai/anthropic entry', () => {
  it('should resolve to the build', () => {
    expect(require.resolve('@sprout-ai/anthropic')).toBe(join(__dirname, '../dist/index.js'));
  });

  it('should call an Anthropic-compatible endpoint', async () => {
    const server = await AnthropicWireServer.start({ script: [anthropicMessage({ text: 'Hello from the wire' })] });
    try {
      const model = new AnthropicChatModel({ baseUrl: server.baseUrl, apiKey: 'k', maxRetries: 0 });

      expect((await model.call(new Prompt('Hi'))).result?.output.text).toBe('Hello from the wire');
      expect(server.requests[0]).toMatchObject({
        max_tokens: DEFAULT_ANTHROPIC_MAX_TOKENS,
        messages: [{ role: 'user', content: 'Hi' }],
      });
    } finally {
      await server.close();
    }
  });
});
