import { errorOf } from '@sprout-ai/test';
import { AssistantMessage } from '../../chat/messages/assistant-message';
import type { Message } from '../../chat/messages/message';
import { SystemMessage } from '../../chat/messages/system-message';
import { ToolResponseMessage } from '../../chat/messages/tool-response-message';
import { UserMessage } from '../../chat/messages/user-message';
import { ChatResponse } from '../../chat/model/chat-response';
import { ToolContext } from '../../chat/model/tool-context';
import { Prompt } from '../../chat/prompt/prompt';
import { NoToolCallRequestedError } from './no-tool-call-requested-error';
import { DefaultToolExecutionExceptionProcessor } from '../../tool/execution/default-tool-execution-exception-processor';
import { ToolExecutionError } from '../../tool/execution/tool-execution-error';
import { StaticToolCallbackResolver } from '../../tool/resolution/static-tool-callback-resolver';
import type { ToolCallback } from '../../tool/tool-callback';
import { fakeTool, toolCall, toolCallResponse } from './__fixtures__/fake-tool-callback';
import { DefaultToolCallingManager } from './default-tool-calling-manager';
import type { ToolCallingChatOptions } from './tool-calling-chat-options';
import type { ToolExecutionResult } from './tool-execution-result';
import { UnresolvedToolNamesError } from './unresolved-tool-names-error';

function prompt(options: ToolCallingChatOptions, messages: Message[] = [new UserMessage('hi')]): Prompt {
  return new Prompt(messages, options);
}

function lastResponses(result: ToolExecutionResult): Array<[string, string, string]> {
  const last = result.conversationHistory[result.conversationHistory.length - 1];
  if (!(last instanceof ToolResponseMessage)) throw new Error('last message is not a ToolResponseMessage');
  return last.responses.map((r) => [r.id, r.name, r.responseData]);
}

/** A prior round: an assistant message calling `names` and the tool responses answering them. */
function priorRound(...names: string[]): Message[] {
  const calls = names.map((n, i) => toolCall(`p${i}`, n));
  return [
    new AssistantMessage('', calls),
    new ToolResponseMessage(calls.map((c) => ({ id: c.id, name: c.name, responseData: 'x' }))),
  ];
}

describe(DefaultToolCallingManager, () => {
  describe('.resolveToolDefinitions', () => {
    const a = fakeTool('a');
    const b = fakeTool('b');
    const manager = DefaultToolCallingManager.builder()
      .toolCallbackResolver(new StaticToolCallbackResolver([fakeTool('x'), fakeTool('y'), fakeTool('a')]))
      .build();

    describe('when options are missing or have no tools', () => {
      it('should return no definitions', () => {
        expect(manager.resolveToolDefinitions(undefined)).toEqual([]);
        expect(manager.resolveToolDefinitions({})).toEqual([]);
      });
    });
    describe('when options carry callbacks', () => {
      it('should return their definitions in order', () => {
        expect(manager.resolveToolDefinitions({ toolCallbacks: [b, a] }).map((d) => d.name)).toEqual(['b', 'a']);
      });
    });
    describe('when options carry toolNames', () => {
      it('should append the definitions of names resolved through the resolver after the callbacks', () => {
        const defs = manager.resolveToolDefinitions({ toolCallbacks: [b], toolNames: ['y', 'x'] });
        expect(defs.map((d) => d.name)).toEqual(['b', 'y', 'x']);
      });
      it('should skip names already among the callbacks, keeping the callback', () => {
        const defs = manager.resolveToolDefinitions({ toolCallbacks: [a], toolNames: ['a', 'x', 'x'] });
        expect(defs).toEqual([a.toolDefinition, expect.objectContaining({ name: 'x' })]);
        expect(defs[0].description).toBe('a tool');
      });
      it('should throw UnresolvedToolNamesError listing every unknown name', () => {
        const run = (): unknown => manager.resolveToolDefinitions({ toolNames: ['x', 'nope', 'gone'] });
        expect(run).toThrow(UnresolvedToolNamesError);
        expect(run).toThrow(/'nope', 'gone'.*toolCallbackResolver/);
      });
    });
  });

  describe('.executeToolCalls', () => {
    describe('when the response asks for tool calls', () => {
      it('should run every call in order and answer them in one ToolResponseMessage after the assistant message', async () => {
        const a = fakeTool('a', { run: (input) => `A got ${input}` });
        const b = fakeTool('b');
        const instructions = [new SystemMessage('sys'), new UserMessage('hi')];
        const response = toolCallResponse(toolCall('c1', 'b'), toolCall('c2', 'a', '{"n":1}'), toolCall('c3', 'b'));
        const result = await new DefaultToolCallingManager().executeToolCalls(
          prompt({ toolCallbacks: [a, b] }, instructions),
          response,
        );
        expect(result.conversationHistory).toHaveLength(4);
        expect(result.conversationHistory.slice(0, 2)).toEqual(instructions);
        expect(result.conversationHistory[2]).toBe(response.results[0].output);
        expect(lastResponses(result)).toEqual([
          ['c1', 'b', 'b ok'],
          ['c2', 'a', 'A got {"n":1}'],
          ['c3', 'b', 'b ok'],
        ]);
        expect(result.returnDirect).toBe(false);
      });

      it('should run calls one after another when maxConcurrency is 1 (Spring)', async () => {
        const events: string[] = [];
        const slow = fakeTool('slow', {
          run: async () => {
            events.push('slow start');
            await new Promise((r) => setTimeout(r, 20));
            events.push('slow end');
            return 'done';
          },
        });
        const fast = fakeTool('fast', {
          run: () => {
            events.push('fast');
            return 'done';
          },
        });
        await DefaultToolCallingManager.builder()
          .maxConcurrency(1)
          .build()
          .executeToolCalls(
            prompt({ toolCallbacks: [slow, fast] }),
            toolCallResponse(toolCall('1', 'slow'), toolCall('2', 'fast')),
          );
        expect(events).toEqual(['slow start', 'slow end', 'fast']);
      });

      it('should use the first generation that has tool calls and ignore the others', async () => {
        const a = fakeTool('a');
        const withCalls = new AssistantMessage('', [toolCall('c2', 'a')]);
        const response = new ChatResponse([
          { output: new AssistantMessage('just text'), metadata: {} },
          { output: withCalls, metadata: {} },
          { output: new AssistantMessage('', [toolCall('c3', 'a')]), metadata: {} },
        ]);
        const result = await new DefaultToolCallingManager().executeToolCalls(prompt({ toolCallbacks: [a] }), response);
        expect(result.conversationHistory[1]).toBe(withCalls);
        expect(lastResponses(result)).toEqual([['c2', 'a', 'a ok']]);
        expect(a.calls).toHaveLength(1);
      });

      it.each([null, undefined])('should answer with an empty string when the tool returns %s', async (value) => {
        const a = fakeTool('a', { run: () => value });
        const result = await new DefaultToolCallingManager().executeToolCalls(
          prompt({ toolCallbacks: [a] }),
          toolCallResponse(toolCall('c1', 'a')),
        );
        expect(lastResponses(result)).toEqual([['c1', 'a', '']]);
      });

      it('should use the first callback when two share the called name', async () => {
        const first = fakeTool('a', { run: () => 'first' });
        const second = fakeTool('a', { run: () => 'second' });
        const result = await new DefaultToolCallingManager().executeToolCalls(
          prompt({ toolCallbacks: [first, second] }),
          toolCallResponse(toolCall('c1', 'a')),
        );
        expect(lastResponses(result)).toEqual([['c1', 'a', 'first']]);
      });
    });

    describe('when no generation has tool calls', () => {
      it('should throw NoToolCallRequestedError', async () => {
        const response = new ChatResponse([{ output: new AssistantMessage('hello'), metadata: {} }]);
        const error = await errorOf(
          new DefaultToolCallingManager().executeToolCalls(prompt({}), response),
          NoToolCallRequestedError,
        );
        expect(error.message).toBe(
          'No tool call requested by the chat model: executeToolCalls needs a response with tool calls ' +
            '(check it with defaultToolExecutionEligibilityChecker first).',
        );
      });
    });

    describe('when options carry a tool context', () => {
      it('should pass every call a ToolContext with those entries and the request’s signal', async () => {
        const a = fakeTool('a');
        const b = fakeTool('b');
        const request = new AbortController();
        await new DefaultToolCallingManager().executeToolCalls(
          prompt({ toolCallbacks: [a, b], toolContext: { userId: 'u-7', tenant: 3 } }),
          toolCallResponse(toolCall('1', 'a'), toolCall('2', 'b'), toolCall('3', 'a')),
          { signal: request.signal },
        );
        const contexts = [...a.calls, ...b.calls].map((c) => c.toolContext);
        expect(contexts[0]).toBeInstanceOf(ToolContext);
        expect(contexts.map((c) => c?.context)).toEqual(Array(3).fill({ userId: 'u-7', tenant: 3 }));
        expect(contexts.map((c) => c?.signal)).toEqual(Array(3).fill(request.signal));
      });
    });

    describe('when options carry no tool context', () => {
      it('should pass an empty ToolContext', async () => {
        const a = fakeTool('a');
        await new DefaultToolCallingManager().executeToolCalls(
          prompt({ toolCallbacks: [a] }),
          toolCallResponse(toolCall('1', 'a')),
        );
        expect(a.calls[0].toolContext?.isEmpty()).toBe(true);
      });
    });

    describe('when the arguments are blank (wire case 01-empty-arguments)', () => {
      it.each([[''], ['   '], ['\n'], ['\t'], [' \r\n ']])(
        'should run the tool once with {} and replay "{}" in the assistant message for arguments %j',
        async (args) => {
          const listProjects = fakeTool('listProjects', { run: () => '["p1"]' });
          const response = toolCallResponse(toolCall('call_1', 'listProjects', args));
          const result = await new DefaultToolCallingManager().executeToolCalls(
            prompt({ toolCallbacks: [listProjects] }),
            response,
          );
          expect(listProjects.calls.map((c) => c.input)).toEqual(['{}']);
          const replayed = result.conversationHistory[1] as AssistantMessage;
          expect(replayed).toBeInstanceOf(AssistantMessage);
          expect(replayed.toolCalls).toEqual([
            { id: 'call_1', type: 'function', name: 'listProjects', arguments: '{}' },
          ]);
          expect(lastResponses(result)).toEqual([['call_1', 'listProjects', '["p1"]']]);
          expect(response.results[0].output.toolCalls[0].arguments).toBe(args);
        },
      );

      it('should normalize only the blank calls and keep the text and metadata of the message', async () => {
        const a = fakeTool('a');
        const original = new AssistantMessage('thinking', [toolCall('1', 'a', ''), toolCall('2', 'a', '{"q":1}')], {
          k: 'v',
        });
        const result = await new DefaultToolCallingManager().executeToolCalls(
          prompt({ toolCallbacks: [a] }),
          new ChatResponse([{ output: original, metadata: {} }]),
        );
        const replayed = result.conversationHistory[1] as AssistantMessage;
        expect(replayed.text).toBe('thinking');
        expect(replayed.metadata).toEqual({ k: 'v' });
        expect(replayed.toolCalls.map((c) => c.arguments)).toEqual(['{}', '{"q":1}']);
        expect(a.calls.map((c) => c.input)).toEqual(['{}', '{"q":1}']);
      });
    });

    describe('when the model calls an unknown tool', () => {
      it('should answer that call with the available names and keep the results of the other calls', async () => {
        const a = fakeTool('a');
        const b = fakeTool('b');
        const result = await new DefaultToolCallingManager().executeToolCalls(
          prompt({ toolCallbacks: [a, b] }),
          toolCallResponse(toolCall('1', 'a'), toolCall('2', 'getWeather'), toolCall('3', 'b')),
        );
        expect(lastResponses(result)).toEqual([
          ['1', 'a', 'a ok'],
          ['2', 'getWeather', "Unknown tool 'getWeather'. Available: a, b"],
          ['3', 'b', 'b ok'],
        ]);
      });

      it('should say when no tool is available', async () => {
        const result = await new DefaultToolCallingManager().executeToolCalls(
          prompt({}),
          toolCallResponse(toolCall('1', 'x')),
        );
        expect(lastResponses(result)).toEqual([['1', 'x', "Unknown tool 'x'. Available: (none)"]]);
        expect(result.returnDirect).toBe(false);
      });
    });

    describe('when the called name is not among the options callbacks but the resolver knows it', () => {
      const resolved = fakeTool('fromResolver', { run: () => 'resolved' });
      const resolver = new StaticToolCallbackResolver([resolved]);
      const response = (): ChatResponse => toolCallResponse(toolCall('1', 'fromResolver'));

      it('should not consult the resolver by default (fallback off)', async () => {
        const manager = DefaultToolCallingManager.builder().toolCallbackResolver(resolver).build();
        expect(manager.resolutionFallbackEnabled).toBe(false);
        const result = await manager.executeToolCalls(prompt({ toolCallbacks: [fakeTool('a')] }), response());
        expect(lastResponses(result)).toEqual([['1', 'fromResolver', "Unknown tool 'fromResolver'. Available: a"]]);
      });

      it('should run the resolved tool when resolution fallback is enabled', async () => {
        const manager = DefaultToolCallingManager.builder()
          .toolCallbackResolver(resolver)
          .resolutionFallbackEnabled(true)
          .build();
        const result = await manager.executeToolCalls(prompt({ toolCallbacks: [fakeTool('a')] }), response());
        expect(lastResponses(result)).toEqual([['1', 'fromResolver', 'resolved']]);
      });

      it('should run the resolved tool without fallback when the name is listed in toolNames', async () => {
        const manager = DefaultToolCallingManager.builder().toolCallbackResolver(resolver).build();
        const result = await manager.executeToolCalls(prompt({ toolNames: ['fromResolver'] }), response());
        expect(lastResponses(result)).toEqual([['1', 'fromResolver', 'resolved']]);
      });

      it('should list toolNames among the available names when the resolver does not know a called name', async () => {
        const manager = DefaultToolCallingManager.builder().toolCallbackResolver(resolver).build();
        const result = await manager.executeToolCalls(
          prompt({ toolCallbacks: [fakeTool('a')], toolNames: ['fromResolver'] }),
          toolCallResponse(toolCall('1', 'zzz')),
        );
        expect(lastResponses(result)).toEqual([['1', 'zzz', "Unknown tool 'zzz'. Available: a, fromResolver"]]);
      });
    });

    describe('when the called name is both among the options callbacks and in the resolver', () => {
      it('should prefer the options callback', async () => {
        const manager = DefaultToolCallingManager.builder()
          .toolCallbackResolver(new StaticToolCallbackResolver([fakeTool('a', { run: () => 'resolver' })]))
          .resolutionFallbackEnabled(true)
          .build();
        const result = await manager.executeToolCalls(
          prompt({ toolCallbacks: [fakeTool('a', { run: () => 'options' })] }),
          toolCallResponse(toolCall('1', 'a')),
        );
        expect(lastResponses(result)).toEqual([['1', 'a', 'options']]);
      });
    });

    describe('when a tool fails', () => {
      it('should answer with the processed ToolExecutionError message and go on with the next calls', async () => {
        const failing = fakeTool('failing', {
          run: () => {
            throw new ToolExecutionError({
              toolDefinition: failing.toolDefinition,
              cause: new Error('order A1 not found'),
            });
          },
        });
        const result = await new DefaultToolCallingManager().executeToolCalls(
          prompt({ toolCallbacks: [failing, fakeTool('b')] }),
          toolCallResponse(toolCall('1', 'failing'), toolCall('2', 'b')),
        );
        expect(lastResponses(result)).toEqual([
          ['1', 'failing', "Tool 'failing' failed: order A1 not found"],
          ['2', 'b', 'b ok'],
        ]);
      });

      it('should flag only the failed call’s response as an error (Anthropic sends it as is_error)', async () => {
        const failing = fakeTool('failing', {
          run: () => {
            throw new Error('order A1 not found');
          },
        });
        const result = await new DefaultToolCallingManager().executeToolCalls(
          prompt({ toolCallbacks: [failing, fakeTool('b')] }),
          toolCallResponse(toolCall('1', 'failing'), toolCall('2', 'b'), toolCall('3', 'unknown')),
        );
        const last = result.conversationHistory.at(-1) as ToolResponseMessage;
        expect(last.responses.map((r) => [r.id, r.isError])).toEqual([
          ['1', true],
          ['2', undefined],
          ['3', true],
        ]);
      });

      it('should wrap any other thrown value into a ToolExecutionError for the processor', async () => {
        const cause = new RangeError('third-party failure');
        const thirdParty = fakeTool('thirdParty', { run: () => Promise.reject(cause) });
        const seen: ToolExecutionError[] = [];
        const manager = DefaultToolCallingManager.builder()
          .toolExecutionExceptionProcessor({
            process: (error) => {
              seen.push(error);
              return `processed: ${error.message}`;
            },
          })
          .build();
        const result = await manager.executeToolCalls(
          prompt({ toolCallbacks: [thirdParty] }),
          toolCallResponse(toolCall('1', 'thirdParty')),
        );
        expect(lastResponses(result)).toEqual([['1', 'thirdParty', 'processed: third-party failure']]);
        expect(seen[0]).toBeInstanceOf(ToolExecutionError);
        expect(seen[0].cause).toBe(cause);
        expect(seen[0].toolDefinition).toBe(thirdParty.toolDefinition);
      });

      it('should reject with what the processor throws', async () => {
        class AuthorizationError extends Error {}
        const denied = new AuthorizationError('token expired');
        const manager = DefaultToolCallingManager.builder()
          .toolExecutionExceptionProcessor(
            new DefaultToolExecutionExceptionProcessor({ rethrow: [AuthorizationError] }),
          )
          .build();
        const failing = fakeTool('a', { run: () => Promise.reject(denied) });
        await expect(
          manager.executeToolCalls(prompt({ toolCallbacks: [failing] }), toolCallResponse(toolCall('1', 'a'))),
        ).rejects.toBe(denied);
      });
    });

    describe('returnDirect', () => {
      const direct = (name: string): ToolCallback => fakeTool(name, { returnDirect: true });

      it('should be true when every executed tool is returnDirect', async () => {
        const result = await new DefaultToolCallingManager().executeToolCalls(
          prompt({ toolCallbacks: [direct('a'), direct('b')] }),
          toolCallResponse(toolCall('1', 'a'), toolCall('2', 'b')),
        );
        expect(result.returnDirect).toBe(true);
      });

      it('should be false when one executed tool is not returnDirect', async () => {
        const result = await new DefaultToolCallingManager().executeToolCalls(
          prompt({ toolCallbacks: [direct('a'), fakeTool('b'), direct('c')] }),
          toolCallResponse(toolCall('1', 'a'), toolCall('2', 'b'), toolCall('3', 'c')),
        );
        expect(result.returnDirect).toBe(false);
      });

      it('should ignore calls that did not execute (unknown tools, skipped by a limit)', async () => {
        const manager = DefaultToolCallingManager.builder()
          .maxCallsPerTool('b', 1)
          .onLimitExceeded('RETURN_ERROR_RESPONSE')
          .build();
        const b = fakeTool('b', { returnDirect: true });
        const result = await manager.executeToolCalls(
          prompt({ toolCallbacks: [direct('a'), b] }, [new UserMessage('hi'), ...priorRound('b')]),
          toolCallResponse(toolCall('1', 'a'), toolCall('2', 'unknown'), toolCall('3', 'b')),
        );
        expect(b.calls).toHaveLength(0);
        expect(result.returnDirect).toBe(true);
      });

      it('should be false when no tool executed', async () => {
        const result = await new DefaultToolCallingManager().executeToolCalls(
          prompt({ toolCallbacks: [direct('a')] }),
          toolCallResponse(toolCall('1', 'unknown')),
        );
        expect(result.returnDirect).toBe(false);
      });
    });
  });
});
