import { DefaultToolCallingManager } from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, chatCompletion, type WireScriptStep } from '@sprout-ai/test';
import { recordingTool } from '../__fixtures__/tools';
import { ToolCallingAdvisor } from '../advisor/tool-calling-advisor';
import { ChatClient } from '../chat-client';
import type { ChatClientLoopListener } from './chat-client-loop-listener';

async function drain<T>(items: AsyncIterable<T>): Promise<void> {
  for await (const _ of items) {
    // consume
  }
}

/** A listener writing one line per event. */
function recorder(tag = ''): ChatClientLoopListener & { readonly lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    onRoundStart: (e) => lines.push(`${tag}round ${e.round} start (${e.messages.length} messages)`),
    onRoundFinish: (e) =>
      lines.push(
        `${tag}round ${e.round} ${e.end} [${e.finishReasons.join()}] calls=${e.toolCalls.length} ` +
          `usage=${e.usage?.totalTokens ?? '-'} total=${e.totalUsage?.totalTokens ?? '-'}`,
      ),
    onToolCallStart: (e) => lines.push(`${tag}round ${e.round} tool ${e.call.name} start`),
    onToolCallFinish: (e) => lines.push(`${tag}round ${e.round} tool ${e.outcome.call.name} ${e.outcome.status}`),
  };
}

/** Loop events, without subclassing the advisor, on `.call()` and `.stream()`. */
describe('ChatClient loop listeners', () => {
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function modelFor(script: readonly WireScriptStep[]): Promise<OpenAiChatModel> {
    server = await OpenAiWireServer.start({ script });
    return new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'test-key', maxRetries: 0 });
  }

  const script = () => [
    chatCompletion({
      toolCalls: [{ id: 'call_a', name: 'lookup' }],
      usage: { promptTokens: 10, completionTokens: 5 },
    }),
    chatCompletion({ content: 'Shipped.', usage: { promptTokens: 20, completionTokens: 3 } }),
  ];

  describe.each([['call'], ['stream']] as const)('.%s', (mode) => {
    it('should tell the builder listener, then the request listener, about rounds, tool calls and usage', async () => {
      const model = await modelFor(script());
      const defaults = recorder();
      const own = recorder('own ');
      const client = ChatClient.builder(model).defaultLoopListeners(defaults).build();

      const spec = client.prompt('Where is A1?').tools(recordingTool('lookup')).loopListeners(own);
      await (mode === 'call' ? spec.call().content() : drain(spec.stream().content()));

      expect(defaults.lines).toEqual([
        'round 1 start (1 messages)',
        'round 1 tool lookup start',
        'round 1 tool lookup success',
        'round 1 continue [tool_calls] calls=1 usage=15 total=15',
        'round 2 start (3 messages)',
        'round 2 answer [stop] calls=0 usage=23 total=38',
      ]);
      expect(own.lines).toEqual(defaults.lines.map((l) => `own ${l}`));
    });

    it('should report a limit breach as the refused call and a round ending in limit', async () => {
      const model = await modelFor([
        chatCompletion({
          toolCalls: [
            { id: 'call_a', name: 'lookup' },
            { id: 'call_b', name: 'lookup' },
          ],
        }),
      ]);
      const manager = DefaultToolCallingManager.builder().maxCallsPerTool(1).build();
      const client = ChatClient.create(model, {
        toolCallingAdvisorBuilder: ToolCallingAdvisor.builder().toolCallingManager(manager),
      });
      const events = recorder();

      const spec = client.prompt('Where is A1?').tools(recordingTool('lookup')).loopListeners(events);
      await (mode === 'call' ? spec.call().content() : drain(spec.stream().content()));

      expect(events.lines.filter((l) => l.includes('tool lookup') && !l.endsWith('start')).sort()).toEqual([
        'round 1 tool lookup limit',
        'round 1 tool lookup success',
      ]);
      expect(events.lines.at(-1)).toMatch(/^round 1 limit /);
    });
  });

  describe('when a listener throws', () => {
    it('should go on with the request (the error is logged and ignored)', async () => {
      const model = await modelFor(script());
      const client = ChatClient.builder(model)
        .defaultLoopListeners({
          onToolCallFinish: () => {
            throw new Error('listener bug');
          },
        })
        .build();

      await expect(client.prompt('Where is A1?').tools(recordingTool('lookup')).call().content()).resolves.toBe(
        'Shipped.',
      );
    });
  });

  describe('when a model call fails', () => {
    it('should not report a round finish for a round whose model call threw', async () => {
      const model = await modelFor([{ status: 400, body: { error: { message: 'bad' } } }]);
      const events = recorder();

      await expect(ChatClient.create(model).prompt('Hi').loopListeners(events).call().content()).rejects.toThrow();

      expect(events.lines).toEqual(['round 1 start (1 messages)']);
    });
  });

  describe('.loopListeners', () => {
    it('should reject something that is not a listener, naming the method', () => {
      const client = ChatClient.create({ call: () => Promise.reject(new Error('unused')) });

      expect(() => client.prompt('Hi').loopListeners(null as unknown as ChatClientLoopListener)).toThrow(
        /loopListeners\(\): argument 1 is null/,
      );
    });
  });
});
