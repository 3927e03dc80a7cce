import { join } from 'node:path';
import type { ChatOptions } from '@sprout-ai/core';
import { assistantText, ScriptedChatModel } from '@sprout-ai/test';
import { chatModelSamplingHandler } from './chat-model-sampling-handler';
import { McpClientConnection, type McpClientConnectionOptions } from './mcp-client-connection';
import { McpToolCallbackProvider } from './mcp-tool-callback-provider';
import type { McpElicitationHandler } from './mcp-elicitation-handler';
import type { McpProgressEvent } from './mcp-progress-handler';

// Spawns real servers; generous for a loaded 2-CPU CI machine (speed is only bounded loosely).
jest.setTimeout(30_000);

/** A stdio connection to `client-features-mcp-server.cjs`, a server that elicits, samples and reports progress. */
function clientFeaturesConnection(options: Omit<McpClientConnectionOptions, 'name' | 'transport'> = {}) {
  return new McpClientConnection({
    name: 'features',
    transport: {
      type: 'stdio',
      command: process.execPath,
      args: [join(__dirname, '..', '__fixtures__', 'client-features-mcp-server.cjs')],
      stderr: 'ignore',
    },
    ...options,
  });
}

async function callText(connection: McpClientConnection, tool: string, args: Record<string, unknown> = {}) {
  const result = await connection.callTool(tool, args);
  return (result.content as { text: string }[])[0].text;
}

describe(McpClientConnection, () => {
  let connection: McpClientConnection;

  afterEach(async () => {
    await connection.close();
  });

  describe('.capabilities', () => {
    it('should declare no elicitation and no sampling without handlers', async () => {
      connection = clientFeaturesConnection();

      expect(JSON.parse(await callText(connection, 'capabilities'))).toEqual({});
    });

    it('should declare form elicitation with defaults applied and sampling when both handlers are set', async () => {
      connection = clientFeaturesConnection({
        elicitation: async () => ({ action: 'decline' }),
        sampling: chatModelSamplingHandler(new ScriptedChatModel([])),
      });

      expect(JSON.parse(await callText(connection, 'capabilities'))).toEqual({
        elicitation: { form: { applyDefaults: true } },
        sampling: {},
      });
    });
  });

  describe('when the server sends elicitation/create', () => {
    it("should answer with the handler's result, the schema's defaults filling the fields it left out", async () => {
      const requests: unknown[] = [];
      const handler: McpElicitationHandler = async (request) => {
        requests.push({ connectionName: request.connectionName, message: request.params.message });
        return { action: 'accept', content: { age: 36 } };
      };
      connection = clientFeaturesConnection({ elicitation: handler });

      const answer: unknown = JSON.parse(await callText(connection, 'ask'));

      expect(requests).toEqual([{ connectionName: 'features', message: 'Who are you?' }]);
      expect(answer).toEqual({ action: 'accept', content: { age: 36, name: 'Ada' } });
    });

    it('should answer Method not found when no handler is set', async () => {
      connection = clientFeaturesConnection();

      expect(await callText(connection, 'ask')).toBe('error: MCP error -32601: Method not found');
    });
  });

  describe('when the server sends sampling/createMessage', () => {
    it('should ask the chat model with the system prompt, messages and options, and answer with its text', async () => {
      const model = new ScriptedChatModel([assistantText('Paris.', { model: 'gpt-test' })]);
      connection = clientFeaturesConnection({ sampling: chatModelSamplingHandler(model) });

      const answer: unknown = JSON.parse(await callText(connection, 'sample', { text: 'Capital of France?' }));

      expect(answer).toEqual({
        role: 'assistant',
        content: { type: 'text', text: 'Paris.' },
        model: 'gpt-test',
        stopReason: 'endTurn',
      });
      const [prompt] = model.prompts;
      expect(prompt.instructions.map((m) => [m.messageType, 'text' in m ? m.text : undefined])).toEqual([
        ['system', 'Answer briefly'],
        ['user', 'Capital of France?'],
      ]);
      expect((prompt.options as ChatOptions).maxTokens).toBe(50);
    });
  });

  describe('.callTool when the server reports progress', () => {
    it('should send a progress token and pass each notification to the progress handler', async () => {
      const events: McpProgressEvent[] = [];
      connection = clientFeaturesConnection({ onProgress: (event) => events.push(event) });

      const answer = JSON.parse(await callText(connection, 'progress', { count: 2 })) as { progressToken?: unknown };

      expect(answer.progressToken).toBeDefined();
      expect(events).toEqual([
        { connectionName: 'features', toolName: 'progress', progress: 1, total: 2, message: 'step 1' },
        { connectionName: 'features', toolName: 'progress', progress: 2, total: 2, message: 'step 2' },
      ]);
    });

    it('should restart the request timeout with each notification, so a call longer than it completes', async () => {
      // 4 notifications 400 ms apart: 1.6 s in all, each gap well inside the 1.2 s request timeout.
      connection = clientFeaturesConnection({ requestTimeoutMs: 1_200 });
      await connection.connect();

      const result = await connection.callTool('progress', { count: 4, gapMs: 400 });

      expect(result.isError).toBeUndefined();
    });
  });
});

describe(McpToolCallbackProvider, () => {
  describe('when a server sends notifications/tools/list_changed', () => {
    it('should list its tools again and offer the new one', async () => {
      const provider = await McpToolCallbackProvider.create({ connections: [clientFeaturesConnection()] });
      try {
        const names = () => provider.getToolCallbacks().map((c) => c.toolDefinition.name);
        expect(names()).not.toContain('added');

        await provider
          .getToolCallbacks()
          .find((c) => c.toolDefinition.name === 'add-tool')!
          .call('{}');
        // The refresh runs in the background: wait for it (bounded by the test's timeout).
        while (!names().includes('added')) await new Promise((resolve) => setTimeout(resolve, 20));

        expect(names()).toContain('added');
      } finally {
        await provider.close();
      }
    });
  });
});
