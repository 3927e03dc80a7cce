import { getEventListeners } from 'node:events';
import { ChatClient, ToolCallingAdvisor } from '@sprout-ai/chat-client';
import {
  type ChatResponse,
  DefaultToolCallingManager,
  Prompt,
  RequestAbortedError,
  type ToolCallOutcome,
  ToolContext,
  type ToolResponse,
  ToolResponseMessage,
  UserMessage,
} from '@sprout-ai/core';
import { assistantText, assistantToolCalls, errorOf, ScriptedChatModel, type ToolCallSpec } from '@sprout-ai/test';
import { type FixtureLogEntry, fixtureConnection, fixtureLog } from '../__fixtures__/fixture-connections';
import type { McpClientConnection } from './mcp-client-connection';
import { McpToolCallback } from './mcp-tool-callback';
import { McpToolCallbackProvider } from './mcp-tool-callback-provider';
import type { McpToolMetadataResolver } from './mcp-tool-metadata-resolver';

// MCP tool callbacks of a real server (a child process) run by a real DefaultToolCallingManager:
// they must follow the loop's rules for cancellation, timeouts, result caps and concurrency.
// Spawns real servers; time bounds are loose, for a loaded 2-CPU CI machine.
jest.setTimeout(30_000);

/** What the fixture's `long-text` tool returns for `length`: 'a'…'z' repeated. */
function alphabet(length: number): string {
  return Array.from({ length }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
}

function toolResponses(messages: readonly unknown[]): readonly ToolResponse[] {
  const last = messages.at(-1);
  if (!(last instanceof ToolResponseMessage)) throw new Error('the history does not end with tool responses');
  return last.responses;
}

function sleepCall(log: readonly FixtureLogEntry[]): FixtureLogEntry {
  const calls = log.filter((e) => e.event === 'call' && e.tool === 'sleep');
  expect(calls).toHaveLength(1);
  return calls[0];
}

describe(McpToolCallback, () => {
  let provider: McpToolCallbackProvider | undefined;
  let connection: McpClientConnection;

  afterEach(async () => {
    await provider?.close();
    provider = undefined;
  });

  async function mcpTools(toolMetadata?: McpToolMetadataResolver): Promise<McpToolCallbackProvider> {
    connection = fixtureConnection('fixture', { requestTimeoutMs: 25_000 });
    provider = await McpToolCallbackProvider.create({ connections: [connection], toolMetadata });
    return provider;
  }

  /** A prompt offering the provider's tools, and a response asking for `calls`. */
  function round(tools: McpToolCallbackProvider, calls: readonly ToolCallSpec[]): [Prompt, ChatResponse] {
    const prompt = new Prompt([new UserMessage('go')], { toolCallbacks: [...tools.getToolCallbacks()] });
    return [prompt, assistantToolCalls(calls)];
  }

  describe('in a DefaultToolCallingManager round', () => {
    const manager = DefaultToolCallingManager.builder().build();

    describe('when the request is aborted during a slow call', () => {
      it.each([
        ['without a timeout (the call runs with the request signal)', undefined],
        ['with a timeout (the call runs with its own signal)', 15_000],
      ])(
        '%s: should reject with RequestAbortedError at once and cancel the request on the server',
        async (_case, timeoutMs) => {
          const tools = await mcpTools((_info, tool) => (tool.name === 'sleep' ? { timeoutMs } : undefined));
          const [prompt, response] = round(tools, [
            { name: 'sleep', arguments: { ms: 20_000 } },
            { name: 'echo-params', arguments: { text: 'x' } },
          ]);
          const controller = new AbortController();
          const started = performance.now();
          setTimeout(() => controller.abort(), 150);

          const error = await errorOf(
            manager.executeToolCalls(prompt, response, { signal: controller.signal }),
            RequestAbortedError,
          );

          expect(error.name).toBe('AbortError');
          expect(performance.now() - started).toBeLessThan(5_000);
          const log = await fixtureLog(connection);
          const sleep = sleepCall(log);
          expect(log).toContainEqual(expect.objectContaining({ event: 'cancelled', requestId: sleep.id }));
          expect(log).toContainEqual({ event: 'aborted', id: sleep.id, tool: 'sleep' });
          expect(log).not.toContainEqual(expect.objectContaining({ event: 'finished' }));
        },
      );
    });

    describe('when a call outlives its timeoutMs', () => {
      it('should answer that call with the timeout message, keep the others, and cancel it on the server', async () => {
        const tools = await mcpTools((_info, tool) => (tool.name === 'sleep' ? { timeoutMs: 300 } : undefined));
        const [prompt, response] = round(tools, [
          { id: 'c1', name: 'echo-params', arguments: { text: 'before' } },
          { id: 'c2', name: 'sleep', arguments: { ms: 20_000 } },
          { id: 'c3', name: 'long-text', arguments: { length: 10 } },
        ]);
        const ended: ToolCallOutcome[] = [];

        const result = await manager.executeToolCalls(prompt, response, {
          observer: { onToolCallEnd: (outcome) => ended.push(outcome) },
        });

        expect(toolResponses(result.conversationHistory)).toEqual([
          { id: 'c1', name: 'echo-params', responseData: '{"name":"echo-params","arguments":{"text":"before"}}' },
          {
            id: 'c2',
            name: 'sleep',
            responseData:
              "Tool 'sleep' did not finish within 300 ms and was cancelled. Try again, or answer without this result.",
            isError: true,
          },
          { id: 'c3', name: 'long-text', responseData: 'abcdefghij' },
        ]);
        expect(ended.find((o) => o.call.id === 'c2')?.status).toBe('timeout');
        const log = await fixtureLog(connection);
        const sleep = sleepCall(log);
        expect(log).toContainEqual({
          event: 'cancelled',
          requestId: sleep.id,
          reason: expect.stringContaining("Tool 'sleep' did not finish within 300 ms") as unknown,
        });
        expect(log).toContainEqual({ event: 'aborted', id: sleep.id, tool: 'sleep' });
      });
    });

    describe('when a result is longer than maxResultChars', () => {
      const capped = DefaultToolCallingManager.builder().maxResultChars(1000).build();

      it('should give the model head and tail around the cut line, and the observer the whole text', async () => {
        const tools = await mcpTools();
        const [prompt, response] = round(tools, [{ name: 'long-text', arguments: { length: 5000 } }]);
        const ended: ToolCallOutcome[] = [];

        const result = await capped.executeToolCalls(prompt, response, {
          observer: { onToolCallEnd: (outcome) => ended.push(outcome) },
        });

        const whole = alphabet(5000);
        const [{ responseData }] = toolResponses(result.conversationHistory);
        expect(responseData).toBe(`${whole.slice(0, 500)}\n[… 4000 of 5000 characters cut …]\n${whole.slice(-500)}`);
        expect(ended).toHaveLength(1);
        expect(ended[0].status).toBe('success');
        expect(ended[0].fullResponseData).toBe(whole);
        expect(ended[0].responseData).toBe(responseData);
      });

      it("should follow the tool's own maxResultChars over the manager's", async () => {
        const tools = await mcpTools((_info, tool) => (tool.name === 'long-text' ? { maxResultChars: -1 } : undefined));
        const [prompt, response] = round(tools, [{ name: 'long-text', arguments: { length: 5000 } }]);

        const result = await capped.executeToolCalls(prompt, response);

        expect(toolResponses(result.conversationHistory)[0].responseData).toBe(alphabet(5000));
      });
    });

    describe('when a round has several slow calls over one connection', () => {
      const slow = [
        { id: 'c1', name: 'sleep', arguments: { ms: 300 } },
        { id: 'c2', name: 'sleep', arguments: { ms: 250 } },
        { id: 'c3', name: 'sleep', arguments: { ms: 200 } },
      ];

      it('should run them at once and answer in call order', async () => {
        const tools = await mcpTools();
        const [prompt, response] = round(tools, slow);
        const started = performance.now();

        const result = await manager.executeToolCalls(prompt, response);

        const elapsedMs = performance.now() - started;
        expect(toolResponses(result.conversationHistory).map((r) => [r.id, r.responseData])).toEqual([
          ['c1', 'slept 300 ms'],
          ['c2', 'slept 250 ms'],
          ['c3', 'slept 200 ms'],
        ]);
        // All three reached the server before any finished; one after another would take 750 ms.
        const events = (await fixtureLog(connection)).filter((e) => e.tool === 'sleep').map((e) => e.event);
        expect(events).toEqual(['call', 'call', 'call', 'finished', 'finished', 'finished']);
        expect(elapsedMs).toBeLessThan(2 * 300);
      });

      it("should run them one after another when the tool is 'exclusive'", async () => {
        const tools = await mcpTools((_info, tool) =>
          tool.name === 'sleep' ? { concurrency: 'exclusive' } : undefined,
        );
        const [prompt, response] = round(tools, slow);

        const result = await manager.executeToolCalls(prompt, response);

        expect(toolResponses(result.conversationHistory).map((r) => r.responseData)).toEqual([
          'slept 300 ms',
          'slept 250 ms',
          'slept 200 ms',
        ]);
        const events = (await fixtureLog(connection)).filter((e) => e.tool === 'sleep').map((e) => e.event);
        expect(events).toEqual(['call', 'finished', 'call', 'finished', 'call', 'finished']);
      });
    });

    describe('when rounds run without a request signal', () => {
      it('should leave no listener on the signal that tool contexts share', async () => {
        const tools = await mcpTools();
        const shared = new ToolContext().signal;
        const before = getEventListeners(shared, 'abort').length;

        for (let i = 0; i < 12; i++) {
          await manager.executeToolCalls(...round(tools, [{ name: 'echo-params', arguments: { text: `${i}` } }]));
        }

        expect(getEventListeners(shared, 'abort')).toHaveLength(before);
      });
    });
  });

  describe('through ChatClient and ToolCallingAdvisor', () => {
    function clientFor(model: ScriptedChatModel): ChatClient {
      const manager = DefaultToolCallingManager.builder().maxResultChars(1000).build();
      return ChatClient.create(model, {
        toolCallingAdvisorBuilder: ToolCallingAdvisor.builder().toolCallingManager(manager),
      });
    }

    it('should send the model the timeout message, the capped text and the other results of the round', async () => {
      const tools = await mcpTools((_info, tool) => (tool.name === 'sleep' ? { timeoutMs: 300 } : undefined));
      const model = new ScriptedChatModel([
        assistantToolCalls([
          { id: 'c1', name: 'sleep', arguments: { ms: 20_000 } },
          { id: 'c2', name: 'long-text', arguments: { length: 5000 } },
          { id: 'c3', name: 'echo-params', arguments: { text: 'hi' } },
        ]),
        assistantText('done'),
      ]);

      const answer = await clientFor(model).prompt('go').tools(tools).call().content();

      expect(answer).toBe('done');
      const whole = alphabet(5000);
      expect(toolResponses(model.prompts[1].instructions).map((r) => r.responseData)).toEqual([
        "Tool 'sleep' did not finish within 300 ms and was cancelled. Try again, or answer without this result.",
        `${whole.slice(0, 500)}\n[… 4000 of 5000 characters cut …]\n${whole.slice(-500)}`,
        '{"name":"echo-params","arguments":{"text":"hi"}}',
      ]);
      const log = await fixtureLog(connection);
      expect(log).toContainEqual(expect.objectContaining({ event: 'cancelled', requestId: sleepCall(log).id }));
    });

    it('should stop the turn with RequestAbortedError when its signal aborts during an MCP call', async () => {
      const tools = await mcpTools();
      const model = new ScriptedChatModel([
        assistantToolCalls([{ name: 'sleep', arguments: { ms: 20_000 } }]),
        assistantText('never'),
      ]);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 150);

      await errorOf(
        clientFor(model).prompt('go').tools(tools).abortSignal(controller.signal).call().content(),
        RequestAbortedError,
      );

      expect(model.prompts).toHaveLength(1);
      const log = await fixtureLog(connection);
      expect(log).toContainEqual(expect.objectContaining({ event: 'cancelled', requestId: sleepCall(log).id }));
    });
  });
});
