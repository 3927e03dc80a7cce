import { join } from 'node:path';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ToolSchemaRegistry } from '@sprout-ai/core';
import type { McpElicitationHandler } from '@sprout-ai/mcp';
import { assistantText, chatCompletion, OpenAiWireServer, ScriptedChatModel } from '@sprout-ai/test';
import { ContainerModule } from 'inversify';
import { McpTokens } from '../mcp-tokens';
import { SproutApplication } from '../sprout-application';
import { SproutTokens } from '../sprout-tokens';
import { McpClientAutoConfiguration } from './mcp-client-auto-configuration';

// Spawns a real server; generous for a loaded 2-CPU CI machine (speed is not asserted).
jest.setTimeout(30_000);

// The OpenTelemetry SDK as an application registers it, exporting spans to memory.
const spans = new InMemorySpanExporter();
new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }).register();

/** A server (stdio) whose tools elicit, sample and report the client's capabilities. */
const FEATURES_SERVER = join(
  __dirname,
  '..',
  '..',
  '..',
  'mcp',
  'src',
  '__fixtures__',
  'client-features-mcp-server.cjs',
);

async function start(
  model: ScriptedChatModel,
  extra: Record<string, string> = {},
  elicitation?: McpElicitationHandler,
) {
  return SproutApplication.run({
    propertiesFile: false,
    env: {},
    schemaRegistry: new ToolSchemaRegistry(),
    properties: {
      'spring.ai.mcp.client.stdio.connections.features.command': process.execPath,
      'spring.ai.mcp.client.stdio.connections.features.args': FEATURES_SERVER,
      ...extra,
    },
    modules: [
      new ContainerModule(({ bind }) => {
        bind(SproutTokens.ChatModel).toConstantValue(model);
        if (elicitation !== undefined) bind(McpTokens.McpElicitationHandler).toConstantValue(elicitation);
      }),
    ],
  });
}

async function callTool(app: SproutApplication, name: string, args: Record<string, unknown> = {}): Promise<unknown> {
  const callback = app
    .get(McpTokens.McpToolCallbackProvider)
    .getToolCallbacks()
    .find((c) => c.toolDefinition.name === name);
  return JSON.parse(await callback!.call(JSON.stringify(args)));
}

describe(McpClientAutoConfiguration, () => {
  let app: SproutApplication | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  describe('when a server samples', () => {
    it("should be answered by the application's ChatModel by default", async () => {
      const model = new ScriptedChatModel([assistantText('Hi there.', { model: 'scripted' })]);
      app = await start(model);

      const answer = await callTool(app, 'sample', { text: 'Say hi' });

      expect(answer).toMatchObject({ content: { type: 'text', text: 'Hi there.' }, model: 'scripted' });
      expect(model.prompts[0].instructions.at(-1)).toMatchObject({ text: 'Say hi' });
    });

    it("should record the sampling call as a chat span when the container's own model answers", async () => {
      const server = await OpenAiWireServer.start({ script: [chatCompletion({ content: 'Hi there.' })] });
      try {
        app = await SproutApplication.run({
          propertiesFile: false,
          env: {},
          schemaRegistry: new ToolSchemaRegistry(),
          properties: {
            'spring.ai.openai.api-key': 'sk-test',
            'spring.ai.openai.base-url': server.baseUrl,
            'spring.ai.mcp.client.stdio.connections.features.command': process.execPath,
            'spring.ai.mcp.client.stdio.connections.features.args': FEATURES_SERVER,
          },
        });

        const answer = await callTool(app, 'sample', { text: 'Say hi' });

        expect(answer).toMatchObject({ content: { type: 'text', text: 'Hi there.' } });
        const chats = spans.getFinishedSpans().filter((span) => span.attributes['gen_ai.operation.name'] === 'chat');
        expect(chats.map((span) => span.attributes['gen_ai.provider.name'])).toEqual(['openai']);
      } finally {
        await server.close();
      }
    });

    it('should not declare sampling when sprout.mcp.client.sampling.enabled=false', async () => {
      const model = new ScriptedChatModel([]);
      app = await start(model, { 'sprout.mcp.client.sampling.enabled': 'false' });

      expect(await callTool(app, 'capabilities')).toEqual({});
    });
  });

  describe('when an McpElicitationHandler is bound', () => {
    it('should declare elicitation and answer the server with it', async () => {
      const elicitation: McpElicitationHandler = async () => ({ action: 'accept', content: { age: 7 } });
      app = await start(new ScriptedChatModel([]), {}, elicitation);

      expect(await callTool(app, 'capabilities')).toEqual({
        elicitation: { form: { applyDefaults: true } },
        sampling: {},
      });
      expect(await callTool(app, 'ask')).toEqual({ action: 'accept', content: { age: 7, name: 'Ada' } });
    });
  });
});
