import { AnthropicChatModel } from '@sprout-ai/anthropic';
import { ChatClient } from '@sprout-ai/chat-client';
import { ToolSchemaRegistry, toolSchemaRegistry } from '@sprout-ai/core';
import { AnthropicWireServer, anthropicMessage } from '@sprout-ai/test';

// `.entity()` on a provider without native structured output: the Anthropic Messages API.
const manifest = {
  version: 1 as const,
  generator: 'hand-written@boot-test',
  tools: {},
  outputTypes: {
    Verdict: {
      typeName: 'Verdict',
      sourceFile: 'verdict.ts',
      schema: {
        type: 'object',
        properties: { approved: { type: 'boolean' } },
        required: ['approved'],
        additionalProperties: false,
      },
    },
  },
};

describe(AnthropicChatModel, () => {
  let server: AnthropicWireServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  describe('with ChatClient .call().entity', () => {
    it('should append format instructions to the user message and parse the answer', async () => {
      toolSchemaRegistry.register(manifest);
      expect(new ToolSchemaRegistry().getOutputType('Verdict')).toBeUndefined();
      server = await AnthropicWireServer.start({ script: [anthropicMessage({ text: '{"approved":true}' })] });
      const model = new AnthropicChatModel({ baseUrl: server.baseUrl, apiKey: 'k', maxRetries: 0 });

      const verdict = await ChatClient.create(model)
        .prompt('Approve the refund?')
        .call()
        .entity<{ approved: boolean }>('Verdict');

      expect(verdict).toEqual({ approved: true });
      const body = JSON.stringify(server.recordedRequests[0].body);
      expect(body).toContain('Approve the refund?\\nYour response should be in JSON format.');
      expect(body).toContain('\\"title\\":\\"Verdict\\"');
    });

    it('should refuse a request that forces native output, sending nothing', async () => {
      toolSchemaRegistry.register(manifest);
      server = await AnthropicWireServer.start({ script: [anthropicMessage({ text: '{"approved":true}' })] });
      const model = new AnthropicChatModel({ baseUrl: server.baseUrl, apiKey: 'k', maxRetries: 0 });

      await expect(
        ChatClient.create(model)
          .prompt('Approve?')
          .call()
          .entity('Verdict', (spec) => spec.useProviderStructuredOutput()),
      ).rejects.toThrow(/cannot send an output schema natively/);
      expect(server.recordedRequests).toHaveLength(0);
    });
  });
});
