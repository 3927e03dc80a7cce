import { errorOf } from '@sprout-ai/test';
import { AssistantMessage } from '../../chat/messages/assistant-message';
import type { Message } from '../../chat/messages/message';
import { SystemMessage } from '../../chat/messages/system-message';
import { ToolResponseMessage } from '../../chat/messages/tool-response-message';
import { UserMessage } from '../../chat/messages/user-message';
import { Prompt } from '../../chat/prompt/prompt';
import { fakeTool, toolCall, toolCallResponse, type FakeToolCallback } from './__fixtures__/fake-tool-callback';
import { DefaultToolCallingManager } from './default-tool-calling-manager';
import type { DefaultToolCallingManagerBuilder } from './default-tool-calling-manager-builder';
import { ToolCallLimitExceededError } from './tool-call-limit-exceeded-error';
import { DEFAULT_MAX_CALLS_PER_TOOL, DEFAULT_MAX_TOOL_ROUNDS, DEFAULT_MAX_TOTAL_TOOL_CALLS } from './tool-call-limits';
import type { ToolCallingChatOptions } from './tool-calling-chat-options';
import type { ToolExecutionResult } from './tool-execution-result';

const perTool = (cap: number, name: string): string =>
  `Tool call limit (${cap}) exceeded for tool '${name}'. No further calls to this tool are allowed in this turn.`;
const total = (max: number): string =>
  `Total tool call limit (${max}) exceeded for this turn. No further tool calls are allowed.`;

/** A prior round: an assistant message calling `names` and the tool responses answering them. */
function priorRound(...names: string[]): Message[] {
  const calls = names.map((n, i) => toolCall(`p${i}`, n));
  return [
    new AssistantMessage('', calls),
    new ToolResponseMessage(calls.map((c) => ({ id: c.id, name: c.name, responseData: 'x' }))),
  ];
}

function responseData(result: ToolExecutionResult): string[] {
  const last = result.conversationHistory[result.conversationHistory.length - 1] as ToolResponseMessage;
  return last.responses.map((r) => r.responseData);
}

describe(DefaultToolCallingManager, () => {
  describe('.executeToolCalls', () => {
    let tools: Record<string, FakeToolCallback>;
    beforeEach(() => {
      tools = { a: fakeTool('a'), b: fakeTool('b'), c: fakeTool('c'), d: fakeTool('d') };
    });
    const returning = (): DefaultToolCallingManagerBuilder =>
      DefaultToolCallingManager.builder().onLimitExceeded('RETURN_ERROR_RESPONSE');
    /** Runs one round calling `names`, after `history` (default: one user message). */
    const run = (
      manager: DefaultToolCallingManager,
      names: string[],
      history: Message[] = [new UserMessage('hi')],
    ): Promise<ToolExecutionResult> => {
      const options: ToolCallingChatOptions = { toolCallbacks: Object.values(tools) };
      return manager.executeToolCalls(
        new Prompt(history, options),
        toolCallResponse(...names.map((n, i) => toolCall(`c${i}`, n))),
      );
    };

    describe('when a tool goes over the default per-tool limit', () => {
      it('should answer the calls over the limit with the limit message and skip them', async () => {
        const result = await run(returning().maxCallsPerTool(2).build(), ['a', 'b', 'a', 'a', 'b']);
        expect(responseData(result)).toEqual(['a ok', 'b ok', 'a ok', perTool(2, 'a'), 'b ok']);
        expect(tools.a.calls).toHaveLength(2);
      });

      it('should count rejected calls toward later calls of the same round', async () => {
        const result = await run(returning().maxCallsPerTool(1).maxTotalToolCalls(3).build(), ['a', 'a', 'b', 'c']);
        expect(responseData(result)).toEqual(['a ok', perTool(1, 'a'), 'b ok', total(3)]);
      });

      it('should apply 40 calls per tool by default', async () => {
        const names = Array.from({ length: DEFAULT_MAX_CALLS_PER_TOOL + 1 }, () => 'a');
        const error = await errorOf(run(new DefaultToolCallingManager(), names), ToolCallLimitExceededError);
        expect(error.toolName).toBe('a');
        expect(error.limit).toBe(40);
        expect(tools.a.calls).toHaveLength(40);
      });

      it('should apply the same default when built by the builder', async () => {
        const names = Array.from({ length: 41 }, () => 'a');
        const error = await errorOf(
          run(DefaultToolCallingManager.builder().build(), names),
          ToolCallLimitExceededError,
        );
        expect(error.limit).toBe(DEFAULT_MAX_CALLS_PER_TOOL);
      });
    });

    describe('when the turn runs out of rounds', () => {
      const rounds = (n: number): Message[] => [
        new UserMessage('hi'),
        ...Array.from({ length: n }, () => priorRound('a')).flat(),
      ];

      it.each(['THROW', 'RETURN_ERROR_RESPONSE'] as const)(
        'should refuse the round after the last allowed one and end the turn under %s',
        async (behavior) => {
          const manager = DefaultToolCallingManager.builder().maxRounds(3).onLimitExceeded(behavior).build();

          const error = await errorOf(run(manager, ['b', 'c'], rounds(3)), ToolCallLimitExceededError);

          expect(error.kind).toBe('rounds');
          expect(error.limit).toBe(3);
          expect(error.message).toBe('Tool round limit (3) reached for this turn');
          expect(responseData(error.partialToolExecutionResult)).toEqual([
            'Tool round limit (3) reached for this turn. No further tool calls are allowed; answer with what you have.',
          ]);
          expect(tools.b.calls).toHaveLength(0);
          expect(tools.c.calls).toHaveLength(0);
        },
      );

      it('should run the last allowed round', async () => {
        const result = await run(returning().maxRounds(3).build(), ['b'], rounds(2));
        expect(responseData(result)).toEqual(['b ok']);
      });

      it(`should allow ${DEFAULT_MAX_TOOL_ROUNDS} rounds by default and none is the limit with -1`, async () => {
        await expect(run(returning().build(), ['b'], rounds(DEFAULT_MAX_TOOL_ROUNDS - 1))).resolves.toBeDefined();
        const error = await errorOf(
          run(returning().build(), ['b'], rounds(DEFAULT_MAX_TOOL_ROUNDS)),
          ToolCallLimitExceededError,
        );
        expect(error.kind).toBe('rounds');
        await expect(run(returning().maxRounds(-1).build(), ['b'], rounds(500))).resolves.toBeDefined();
      });

      it('should reject a round limit that is not a positive integer or -1', () => {
        for (const bad of [0, -2, 1.5, Number.NaN]) {
          expect(() => DefaultToolCallingManager.builder().maxRounds(bad)).toThrow(/maxRounds got/);
        }
      });
    });

    describe('when counting calls of earlier rounds', () => {
      it('should count the tool responses since the last user message', async () => {
        const history = [new SystemMessage('s'), new UserMessage('hi'), ...priorRound('a'), ...priorRound('a', 'b')];
        const result = await run(returning().maxCallsPerTool(2).build(), ['a', 'b'], history);
        expect(responseData(result)).toEqual([perTool(2, 'a'), 'b ok']);
      });

      it('should not count tool responses before the last user message', async () => {
        const history = [new UserMessage('one'), ...priorRound('a', 'a'), new UserMessage('two'), ...priorRound('a')];
        const result = await run(returning().maxCallsPerTool(2).build(), ['a', 'a'], history);
        expect(responseData(result)).toEqual(['a ok', perTool(2, 'a')]);
      });

      it('should count the whole history when there is no user message', async () => {
        const history = [new SystemMessage('s'), ...priorRound('a', 'a')];
        const result = await run(returning().maxCallsPerTool(2).build(), ['a'], history);
        expect(responseData(result)).toEqual([perTool(2, 'a')]);
      });

      it('should count earlier limit messages as calls of that tool', async () => {
        const history: Message[] = [
          new UserMessage('hi'),
          new AssistantMessage('', [toolCall('p1', 'a')]),
          new ToolResponseMessage([{ id: 'p1', name: 'a', responseData: perTool(5, 'a') }]),
        ];
        const result = await run(returning().maxTotalToolCalls(2).build(), ['b', 'c'], history);
        expect(responseData(result)).toEqual(['b ok', total(2)]);
      });

      it('should hand back the turn counts with this round added', async () => {
        const history = [new UserMessage('hi'), ...priorRound('a', 'b')];
        const result = await run(returning().maxCallsPerTool(2).build(), ['a', 'a', 'c'], history);
        expect(result.callCounts).toEqual({
          rounds: 2,
          total: 5,
          perTool: new Map([
            ['a', 3],
            ['b', 1],
            ['c', 1],
          ]),
        });
      });

      it('should count on from the counts it is given instead of the history', async () => {
        const manager = returning().maxCallsPerTool(2).build();
        const prompt = new Prompt([new UserMessage('hi')], { toolCallbacks: Object.values(tools) });
        const callCounts = { rounds: 1, total: 2, perTool: new Map([['a', 2]]) };
        const result = await manager.executeToolCalls(
          prompt,
          toolCallResponse(toolCall('c0', 'a'), toolCall('c1', 'b')),
          {
            callCounts,
          },
        );
        expect(responseData(result)).toEqual([perTool(2, 'a'), 'b ok']);
        expect(result.callCounts).toEqual({
          rounds: 2,
          total: 4,
          perTool: new Map([
            ['a', 3],
            ['b', 1],
          ]),
        });
      });
    });

    describe('when the total limit is exceeded', () => {
      it('should answer with the total limit message', async () => {
        const history = [new UserMessage('hi'), ...priorRound('a', 'b')];
        const result = await run(returning().maxTotalToolCalls(3).build(), ['c', 'd'], history);
        expect(responseData(result)).toEqual(['c ok', total(3)]);
        expect(tools.d.calls).toHaveLength(0);
      });

      it('should apply 150 calls in total by default', async () => {
        const names = Array.from({ length: DEFAULT_MAX_TOTAL_TOOL_CALLS + 1 }, (_, i) => ['a', 'b', 'c', 'd'][i % 4]);
        const error = await errorOf(run(new DefaultToolCallingManager(), names), ToolCallLimitExceededError);
        expect(error.toolName).toBeUndefined();
        expect(error.limit).toBe(150);
      });

      it('should report the per-tool breach when both limits are exceeded by the same call', async () => {
        const result = await run(returning().maxCallsPerTool(1).maxTotalToolCalls(1).build(), ['a', 'a']);
        expect(responseData(result)).toEqual(['a ok', perTool(1, 'a')]);
      });

      it('should not limit the total after unlimitedTotalToolCalls()', async () => {
        const manager = returning().maxTotalToolCalls(1).unlimitedTotalToolCalls().unlimitedCallsPerTool().build();
        const names = Array.from({ length: 200 }, () => 'a');
        const result = await run(manager, names);
        expect(tools.a.calls).toHaveLength(200);
        expect(result.conversationHistory).toHaveLength(3);
      });
    });

    describe('when a tool has its own limit', () => {
      it('should use the override instead of the default cap', async () => {
        const manager = returning().maxCallsPerTool(1).maxCallsPerTool('a', 3).build();
        const result = await run(manager, ['a', 'a', 'a', 'a', 'b', 'b']);
        expect(responseData(result)).toEqual(['a ok', 'a ok', 'a ok', perTool(3, 'a'), 'b ok', perTool(1, 'b')]);
      });

      it('should keep the override after unlimitedCallsPerTool()', async () => {
        const manager = returning().unlimitedCallsPerTool().maxCallsPerTool('a', 1).build();
        const result = await run(manager, ['a', 'a', ...Array.from({ length: 45 }, () => 'b')]);
        expect(responseData(result).slice(0, 2)).toEqual(['a ok', perTool(1, 'a')]);
        expect(tools.b.calls).toHaveLength(45);
      });
    });

    describe('when a tool is excluded from the limit', () => {
      it('should not cap its calls but still count them toward the total', async () => {
        const manager = returning().maxCallsPerTool(1).maxTotalToolCalls(4).excludeToolFromLimit('a').build();
        const result = await run(manager, ['a', 'a', 'a', 'b', 'a']);
        expect(responseData(result)).toEqual(['a ok', 'a ok', 'a ok', 'b ok', total(4)]);
      });

      it('should let exclusion win when it comes after an override', async () => {
        const manager = returning().maxCallsPerTool('a', 1).excludeToolFromLimit('a').build();
        const result = await run(manager, ['a', 'a', 'a']);
        expect(responseData(result)).toEqual(['a ok', 'a ok', 'a ok']);
      });

      it('should let an override win when it comes after the exclusion', async () => {
        const manager = returning().excludeToolFromLimit('a').maxCallsPerTool('a', 1).build();
        const result = await run(manager, ['a', 'a']);
        expect(responseData(result)).toEqual(['a ok', perTool(1, 'a')]);
      });
    });

    describe('when the limit behaviour is THROW (the default)', () => {
      it('should throw with the partial result, keeping the successful calls of the round', async () => {
        const manager = DefaultToolCallingManager.builder().maxCallsPerTool(1).build();
        const history = [new SystemMessage('s'), new UserMessage('hi')];
        const error = await errorOf(run(manager, ['a', 'b', 'a', 'c'], history), ToolCallLimitExceededError);
        expect(error.message).toBe("Tool call limit (1) exceeded for tool 'a'");
        expect(error.toolName).toBe('a');
        expect(error.limit).toBe(1);
        const partial = error.partialToolExecutionResult;
        expect(partial.conversationHistory.slice(0, 2)).toEqual(history);
        expect((partial.conversationHistory[2] as AssistantMessage).toolCalls.map((c) => c.name)).toEqual([
          'a',
          'b',
          'a',
          'c',
        ]);
        expect(responseData(partial)).toEqual(['a ok', 'b ok', perTool(1, 'a')]);
        expect(partial.returnDirect).toBe(false);
        expect(tools.c.calls).toHaveLength(0);
      });

      it('should carry returnDirect of the calls executed before the breach', async () => {
        tools.a = fakeTool('a', { returnDirect: true });
        const error = await errorOf(
          run(DefaultToolCallingManager.builder().maxCallsPerTool(1).build(), ['a', 'a']),
          ToolCallLimitExceededError,
        );
        expect(error.partialToolExecutionResult.returnDirect).toBe(true);
      });

      it('should throw for the total limit without a tool name', async () => {
        const error = await errorOf(
          run(DefaultToolCallingManager.builder().maxTotalToolCalls(2).build(), ['a', 'b', 'c']),
          ToolCallLimitExceededError,
        );
        expect(error.toolName).toBeUndefined();
        expect(error.limit).toBe(2);
        expect(error.message).toBe('Total tool call limit (2) exceeded for this turn');
        expect(responseData(error.partialToolExecutionResult)).toEqual(['a ok', 'b ok', total(2)]);
      });
    });

    describe('when an unknown tool goes over a limit', () => {
      it('should report the limit, checked before the tool is looked up', async () => {
        const result = await run(returning().maxCallsPerTool(1).build(), ['ghost', 'ghost']);
        expect(responseData(result)).toEqual(["Unknown tool 'ghost'. Available: a, b, c, d", perTool(1, 'ghost')]);
      });
    });
  });
});
