import { errorOf } from '@sprout-ai/test';
import type { ToolResponseMessage } from '../../chat/messages/tool-response-message';
import { UserMessage } from '../../chat/messages/user-message';
import type { ToolContext } from '../../chat/model/tool-context';
import { Prompt } from '../../chat/prompt/prompt';
import { RequestAbortedError } from '../../error/request-aborted-error';
import { DefaultToolExecutionExceptionProcessor } from '../../tool/execution/default-tool-execution-exception-processor';
import { fakeTool, toolCall, toolCallResponse, type FakeToolCallback } from './__fixtures__/fake-tool-callback';
import { DefaultToolCallingManager } from './default-tool-calling-manager';
import { ToolCallLimitExceededError } from './tool-call-limit-exceeded-error';
import type { ToolCallOutcome } from './tool-call-outcome';
import type { ToolExecutionResult } from './tool-execution-result';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function prompt(...toolCallbacks: FakeToolCallback[]): Prompt {
  return new Prompt([new UserMessage('go')], { toolCallbacks });
}

function responses(result: ToolExecutionResult): { id: string; responseData: string }[] {
  const last = result.conversationHistory[result.conversationHistory.length - 1] as ToolResponseMessage;
  return last.responses.map((r) => ({ id: r.id, responseData: r.responseData }));
}

/** A tool that records when each call starts and ends, and answers `<name>:<ms>` after `ms` from its arguments. */
function timedTool(name: string, log: string[], metadata?: Omit<FakeToolCallback['toolMetadata'], 'returnDirect'>) {
  return fakeTool(name, {
    metadata,
    run: async (input) => {
      const { ms, tag } = JSON.parse(input) as { ms: number; tag: string };
      log.push(`start ${tag}`);
      await sleep(ms);
      log.push(`end ${tag}`);
      return `${tag} done`;
    },
  });
}

const call = (id: string, name: string, ms: number, tag = id) => toolCall(id, name, JSON.stringify({ ms, tag }));

describe(DefaultToolCallingManager, () => {
  describe('.executeToolCalls', () => {
    describe('when a round has several calls', () => {
      it('should run them concurrently and answer in the model’s call order, whatever order they finish in', async () => {
        const log: string[] = [];
        const tool = timedTool('work', log);
        const result = await new DefaultToolCallingManager().executeToolCalls(
          prompt(tool),
          toolCallResponse(call('a', 'work', 60), call('b', 'work', 5), call('c', 'work', 30)),
        );
        expect(log.slice(0, 3)).toEqual(['start a', 'start b', 'start c']);
        expect(log.slice(3)).toEqual(['end b', 'end c', 'end a']);
        expect(responses(result)).toEqual([
          { id: 'a', responseData: 'a done' },
          { id: 'b', responseData: 'b done' },
          { id: 'c', responseData: 'c done' },
        ]);
      });

      it('should run at most maxConcurrency calls at once', async () => {
        let running = 0;
        let peak = 0;
        const tool = fakeTool('work', {
          run: async () => {
            peak = Math.max(peak, ++running);
            await sleep(5);
            running--;
            return 'ok';
          },
        });
        const calls = Array.from({ length: 7 }, (_, i) => toolCall(`c${i}`, 'work'));
        await DefaultToolCallingManager.builder()
          .maxConcurrency(3)
          .build()
          .executeToolCalls(prompt(tool), toolCallResponse(...calls));
        expect(peak).toBe(3);
      });
    });

    describe('when a tool is exclusive', () => {
      it('should never overlap it with another call of the round', async () => {
        const log: string[] = [];
        const parallel = timedTool('read', log);
        const exclusive = timedTool('write', log, { concurrency: 'exclusive' });
        const result = await new DefaultToolCallingManager().executeToolCalls(
          prompt(parallel, exclusive),
          toolCallResponse(
            call('r1', 'read', 20),
            call('w', 'write', 10),
            call('r2', 'read', 5),
            call('r3', 'read', 5),
          ),
        );
        expect(log).toEqual(['start r1', 'end r1', 'start w', 'end w', 'start r2', 'start r3', 'end r2', 'end r3']);
        expect(responses(result).map((r) => r.id)).toEqual(['r1', 'w', 'r2', 'r3']);
      });
    });

    describe('when limits are hit inside a concurrent round', () => {
      const fastThenSlow = () => {
        // The first call is the slowest, so a count made in finishing order would refuse another call.
        const log: string[] = [];
        return { log, tool: timedTool('search', log) };
      };
      const round = () =>
        toolCallResponse(
          call('s1', 'search', 40),
          call('s2', 'search', 1),
          call('s3', 'search', 20),
          call('s4', 'search', 1),
        );

      it('should refuse the same calls as a run in order, in RETURN_ERROR_RESPONSE mode', async () => {
        const { log, tool } = fastThenSlow();
        const manager = DefaultToolCallingManager.builder()
          .maxCallsPerTool('search', 2)
          .onLimitExceeded('RETURN_ERROR_RESPONSE')
          .build();
        const result = await manager.executeToolCalls(prompt(tool), round());
        const refusal =
          "Tool call limit (2) exceeded for tool 'search'. No further calls to this tool are allowed in this turn.";
        expect(responses(result)).toEqual([
          { id: 's1', responseData: 's1 done' },
          { id: 's2', responseData: 's2 done' },
          { id: 's3', responseData: refusal },
          { id: 's4', responseData: refusal },
        ]);
        expect(log.filter((l) => l.startsWith('start'))).toEqual(['start s1', 'start s2']);
      });

      it('should run the calls before the breach, keep their results and throw, in THROW mode', async () => {
        const { log, tool } = fastThenSlow();
        const manager = DefaultToolCallingManager.builder().maxCallsPerTool('search', 2).build();
        const error = await errorOf(manager.executeToolCalls(prompt(tool), round()), ToolCallLimitExceededError);
        expect(error.toolName).toBe('search');
        expect(responses(error.partialToolExecutionResult).map((r) => r.id)).toEqual(['s1', 's2', 's3']);
        expect(responses(error.partialToolExecutionResult)[0].responseData).toBe('s1 done');
        expect(log.filter((l) => l.startsWith('start'))).toEqual(['start s1', 'start s2']);
      });
    });

    describe('when one call of several times out', () => {
      it('should abort its signal, answer it with a timeout error and keep the others', async () => {
        let seenSignal: AbortSignal | undefined;
        const slow = fakeTool('slow', {
          metadata: { timeoutMs: 30 },
          run: async (_input, ctx) => {
            seenSignal = (ctx as ToolContext).signal;
            await sleep(500);
            return 'too late';
          },
        });
        const quick = fakeTool('quick');
        const started = performance.now();
        const result = await new DefaultToolCallingManager().executeToolCalls(
          prompt(slow, quick),
          toolCallResponse(toolCall('a', 'quick'), toolCall('b', 'slow'), toolCall('c', 'quick')),
        );
        expect(performance.now() - started).toBeLessThan(400);
        expect(seenSignal?.aborted).toBe(true);
        expect(responses(result)).toEqual([
          { id: 'a', responseData: 'quick ok' },
          {
            id: 'b',
            responseData:
              "Tool 'slow' did not finish within 30 ms and was cancelled. Try again, or answer without this result.",
          },
          { id: 'c', responseData: 'quick ok' },
        ]);
      });

      it('should use the manager’s default timeout for tools that set none', async () => {
        const slow = fakeTool('slow', { run: () => sleep(500).then(() => 'late') });
        const result = await DefaultToolCallingManager.builder()
          .defaultTimeoutMs(20)
          .build()
          .executeToolCalls(prompt(slow), toolCallResponse(toolCall('a', 'slow')));
        expect(responses(result)[0].responseData).toMatch(/^Tool 'slow' did not finish within 20 ms/);
      });
    });

    describe('when the request is aborted while tools run', () => {
      it('should abort every running tool’s signal and reject with a RequestAbortedError at once', async () => {
        const signals: AbortSignal[] = [];
        const stubborn = fakeTool('stubborn', {
          run: async (_input, ctx) => {
            signals.push((ctx as ToolContext).signal);
            await sleep(1000); // ignores its signal
            return 'late';
          },
        });
        const controller = new AbortController();
        setTimeout(() => controller.abort(), 20);
        const started = performance.now();
        const error = await errorOf(
          new DefaultToolCallingManager().executeToolCalls(
            prompt(stubborn),
            toolCallResponse(toolCall('a', 'stubborn'), toolCall('b', 'stubborn')),
            {
              signal: controller.signal,
            },
          ),
          RequestAbortedError,
        );
        expect(performance.now() - started).toBeLessThan(500);
        expect(error.name).toBe('AbortError');
        expect(signals.map((s) => s.aborted)).toEqual([true, true]);
      });

      it('should run nothing when the signal is already aborted', async () => {
        const tool = fakeTool('a');
        const controller = new AbortController();
        controller.abort();
        await expect(
          new DefaultToolCallingManager().executeToolCalls(prompt(tool), toolCallResponse(toolCall('1', 'a')), {
            signal: controller.signal,
          }),
        ).rejects.toBeInstanceOf(RequestAbortedError);
        expect(tool.calls).toHaveLength(0);
      });
    });

    describe('when the exception processor throws for one call', () => {
      it('should start no further call and reject with that error once the running ones finish', async () => {
        const failing = fakeTool('failing', { run: () => Promise.reject(new Error('boom')) });
        const later = fakeTool('later');
        const manager = DefaultToolCallingManager.builder()
          .maxConcurrency(1)
          .toolExecutionExceptionProcessor(new DefaultToolExecutionExceptionProcessor({ alwaysThrow: true }))
          .build();
        await expect(
          manager.executeToolCalls(
            prompt(failing, later),
            toolCallResponse(toolCall('f', 'failing'), toolCall('l', 'later')),
          ),
        ).rejects.toThrow('boom');
        expect(later.calls).toHaveLength(0);
      });
    });

    describe('when a result is longer than the cap', () => {
      const long = 'a'.repeat(600) + 'b'.repeat(400);

      it('should send head and tail with one line saying how much was cut, and tell observers the whole result', async () => {
        const tool = fakeTool('dump', { run: () => long });
        const ended: ToolCallOutcome[] = [];
        const result = await DefaultToolCallingManager.builder()
          .maxResultChars(100)
          .build()
          .executeToolCalls(prompt(tool), toolCallResponse(toolCall('1', 'dump')), {
            observer: { onToolCallEnd: (outcome) => ended.push(outcome) },
          });
        expect(responses(result)[0].responseData).toBe(
          `${'a'.repeat(50)}\n[… 900 of 1000 characters cut …]\n${'b'.repeat(50)}`,
        );
        expect(ended[0].fullResponseData).toBe(long);
      });

      it('should let a tool’s own maxResultChars win, and -1 mean no cap', async () => {
        const capped = fakeTool('capped', { metadata: { maxResultChars: 10 }, run: () => long });
        const free = fakeTool('free', { metadata: { maxResultChars: -1 }, run: () => long });
        const result = await DefaultToolCallingManager.builder()
          .maxResultChars(100)
          .build()
          .executeToolCalls(prompt(capped, free), toolCallResponse(toolCall('1', 'capped'), toolCall('2', 'free')));
        const [a, b] = responses(result);
        expect(a.responseData).toBe(`aaaaa\n[… 990 of 1000 characters cut …]\nbbbbb`);
        expect(b.responseData).toBe(long);
      });
    });

    describe('when an observer is given', () => {
      it('should report each call’s start and end, refused and unknown calls included', async () => {
        const events: string[] = [];
        const tool = fakeTool('a');
        await DefaultToolCallingManager.builder()
          .maxCallsPerTool('a', 1)
          .onLimitExceeded('RETURN_ERROR_RESPONSE')
          .build()
          .executeToolCalls(
            prompt(tool),
            toolCallResponse(toolCall('1', 'a'), toolCall('2', 'a'), toolCall('3', 'ghost')),
            {
              observer: {
                onToolCallStart: (c) => events.push(`start ${c.id}`),
                onToolCallEnd: (o) => events.push(`end ${o.call.id} ${o.status}`),
              },
            },
          );
        expect(events).toEqual(['start 1', 'start 2', 'end 2 limit', 'start 3', 'end 3 unknown-tool', 'end 1 success']);
      });
    });
  });
});
