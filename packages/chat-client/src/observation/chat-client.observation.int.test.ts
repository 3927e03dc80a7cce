import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import {
  CHAT_MEMORY_CONVERSATION_ID,
  type ChatResponse,
  DefaultToolCallingManager,
  FunctionToolCallback,
  type PendingApproval,
} from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, chatCompletion, type WireScriptStep } from '@sprout-ai/test';
import { recordingTool } from '../__fixtures__/tools';
import { type TestTelemetry, registerTestTelemetry } from '../__fixtures__/telemetry';
import { ToolCallingAdvisor } from '../advisor/tool-calling-advisor';
import { rejectToolCall } from '../approval/tool-approval-decision';
import { ToolApprovalStore } from '../approval/tool-approval-store';
import { ChatClient } from '../chat-client';
import type { ChatClientObservationOptions } from './chat-client-observation-options';

const usage = (promptTokens: number, completionTokens: number) => ({ promptTokens, completionTokens });

async function drain<T>(items: AsyncIterable<T>): Promise<void> {
  for await (const _ of items) {
    // consume
  }
}

const parentOf = (span: ReadableSpan): string | undefined => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan): string => span.spanContext().spanId;

/** Spans and metrics of ChatClient requests, over the real `openai` client and the test kit's server. */
describe('ChatClient observation', () => {
  let telemetry: TestTelemetry;
  let server: OpenAiWireServer | undefined;
  beforeAll(() => {
    telemetry = registerTestTelemetry();
  });
  beforeEach(() => telemetry.reset());
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function clientFor(
    script: readonly WireScriptStep[],
    options: {
      manager?: DefaultToolCallingManager;
      observation?: ChatClientObservationOptions;
      approvals?: ToolApprovalStore;
    } = {},
  ): Promise<ChatClient> {
    server = await OpenAiWireServer.start({ script });
    const model = new OpenAiChatModel({
      baseUrl: server.baseUrl,
      apiKey: 'test-key',
      maxRetries: 0,
      defaultOptions: { model: 'gpt-4o-mini', temperature: 0.2 },
    });
    const advisor = ToolCallingAdvisor.builder().toolCallingManager(
      options.manager ?? DefaultToolCallingManager.builder().build(),
    );
    if (options.approvals) advisor.toolApprovalStore(options.approvals);
    const builder = ChatClient.builder(model, { toolCallingAdvisorBuilder: advisor });
    if (options.observation) builder.observationOptions(options.observation);
    return builder.build();
  }

  const toolRound = (calls: Array<{ id: string; name: string; arguments?: Record<string, unknown> }>) =>
    chatCompletion({ id: 'resp-1', toolCalls: calls, usage: usage(10, 5), model: 'gpt-4o-mini-2024' });
  const answer = (content = 'Shipped.') =>
    chatCompletion({ id: 'resp-2', content, usage: usage(20, 3), model: 'gpt-4o-mini-2024' });

  describe.each([['call'], ['stream']] as const)('.%s', (mode) => {
    const run = (client: ChatClient, tools: ReturnType<typeof recordingTool>[], text = 'Where is A1?') => {
      const spec = client.prompt(text).tools(...tools);
      return mode === 'call' ? spec.call().content() : drain(spec.stream().content());
    };

    describe('when the model calls two tools in one round', () => {
      it('should record invoke_agent as parent of both chat spans and of sibling execute_tool spans', async () => {
        const client = await clientFor([
          toolRound([
            { id: 'call_a', name: 'lookup', arguments: { id: 'A1' } },
            { id: 'call_b', name: 'track', arguments: { id: 'A1' } },
          ]),
          answer(),
        ]);

        await run(client, [recordingTool('lookup'), recordingTool('track')]);

        const agent = telemetry.span('invoke_agent');
        expect(agent.kind).toBe(SpanKind.INTERNAL);
        expect(agent.attributes).toMatchObject({
          'gen_ai.operation.name': 'invoke_agent',
          'gen_ai.provider.name': 'openai',
          'gen_ai.request.model': 'gpt-4o-mini',
          'sprout.loop.rounds': 2,
          'sprout.loop.end': 'answer',
        });
        const chats = telemetry.spans().filter((s) => s.name === 'chat gpt-4o-mini');
        expect(chats).toHaveLength(2);
        for (const chat of chats) {
          expect(chat.kind).toBe(SpanKind.CLIENT);
          expect(parentOf(chat)).toBe(idOf(agent));
          expect(chat.attributes).toMatchObject({
            'gen_ai.operation.name': 'chat',
            'gen_ai.provider.name': 'openai',
            'gen_ai.request.model': 'gpt-4o-mini',
            'gen_ai.request.temperature': 0.2,
            'gen_ai.response.model': 'gpt-4o-mini-2024',
          });
        }
        expect(chats[0].attributes).toMatchObject({
          'gen_ai.response.id': 'resp-1',
          'gen_ai.response.finish_reasons': ['tool_calls'],
          'gen_ai.usage.input_tokens': 10,
          'gen_ai.usage.output_tokens': 5,
        });
        expect(chats[1].attributes['gen_ai.response.finish_reasons']).toEqual(['stop']);
        const lookup = telemetry.span('execute_tool lookup');
        const track = telemetry.span('execute_tool track');
        for (const tool of [lookup, track]) {
          expect(tool.kind).toBe(SpanKind.INTERNAL);
          expect(parentOf(tool)).toBe(idOf(agent));
          expect(tool.attributes).toMatchObject({
            'gen_ai.operation.name': 'execute_tool',
            'gen_ai.tool.type': 'function',
            'sprout.tool.outcome': 'success',
          });
        }
        expect(lookup.attributes).toMatchObject({
          'gen_ai.tool.name': 'lookup',
          'gen_ai.tool.call.id': 'call_a',
          'gen_ai.tool.description': 'The lookup tool',
        });
        // Both run between the first chat span's end and the second's start.
        expect(agent.attributes['gen_ai.usage.input_tokens']).toBe(30);
      });

      it('should record the GenAI client histograms and the tool duration by outcome', async () => {
        const client = await clientFor([toolRound([{ id: 'call_a', name: 'lookup' }]), answer()]);

        await run(client, [recordingTool('lookup')]);

        const durations = await telemetry.histogram('gen_ai.client.operation.duration');
        expect(durations.reduce((n, p) => n + p.value.count, 0)).toBe(2);
        expect(durations[0].attributes).toMatchObject({
          'gen_ai.operation.name': 'chat',
          'gen_ai.provider.name': 'openai',
          'gen_ai.request.model': 'gpt-4o-mini',
        });
        const tokens = await telemetry.histogram('gen_ai.client.token.usage');
        const sum = (type: string) =>
          tokens.filter((p) => p.attributes['gen_ai.token.type'] === type).reduce((n, p) => n + (p.value.sum ?? 0), 0);
        expect(sum('input')).toBe(30);
        expect(sum('output')).toBe(8);
        const tools = await telemetry.histogram('spring.ai.tool');
        expect(tools).toHaveLength(1);
        expect(tools[0].attributes).toMatchObject({ 'gen_ai.tool.name': 'lookup', 'sprout.tool.outcome': 'success' });
      });
    });

    describe('when the model answers with an HTTP error', () => {
      it('should mark the chat span and the request span with error.type', async () => {
        const client = await clientFor([{ status: 400, body: { error: { message: 'bad request' } } }]);

        await expect(run(client, [recordingTool('lookup')])).rejects.toThrow();

        const chat = telemetry.span('chat gpt-4o-mini');
        expect(chat.status.code).toBe(SpanStatusCode.ERROR);
        expect(chat.attributes['error.type']).toEqual(expect.any(String));
        const agent = telemetry.span('invoke_agent');
        expect(agent.status.code).toBe(SpanStatusCode.ERROR);
        expect(agent.attributes['error.type']).toBe(chat.attributes['error.type']);
        const durations = await telemetry.histogram('gen_ai.client.operation.duration');
        expect(durations[0].attributes['error.type']).toBe(chat.attributes['error.type']);
      });
    });

    describe('when a tool fails', () => {
      it('should mark its execute_tool span with the failure class', async () => {
        const client = await clientFor([toolRound([{ id: 'call_a', name: 'lookup' }]), answer()]);
        const failing = recordingTool('lookup', () => {
          throw new RangeError('no such order');
        });

        await run(client, [failing]);

        const tool = telemetry.span('execute_tool lookup');
        expect(tool.status.code).toBe(SpanStatusCode.ERROR);
        expect(tool.attributes).toMatchObject({ 'sprout.tool.outcome': 'error', 'error.type': 'RangeError' });
      });
    });

    describe('when a call breaches a limit (THROW)', () => {
      it('should record the refused call with outcome limit and end the turn with limit', async () => {
        const manager = DefaultToolCallingManager.builder().maxCallsPerTool(1).build();
        const client = await clientFor(
          [
            toolRound([
              { id: 'call_a', name: 'lookup' },
              { id: 'call_b', name: 'lookup' },
            ]),
          ],
          { manager },
        );

        await run(client, [recordingTool('lookup')]);

        const tools = telemetry.spans().filter((s) => s.name === 'execute_tool lookup');
        expect(tools.map((s) => s.attributes['sprout.tool.outcome']).sort()).toEqual(['limit', 'success']);
        const refused = tools.find((s) => s.attributes['sprout.tool.outcome'] === 'limit') as ReadableSpan;
        expect(refused.attributes['error.type']).toBe('tool_call_limit');
        expect(refused.events.map((e) => e.name)).toContain('sprout.tool.limit_refused');
        expect(telemetry.span('invoke_agent').attributes['sprout.loop.end']).toBe('limit');
      });
    });

    describe('when the tools are returnDirect', () => {
      it('should end the request span with returnDirect after one chat span', async () => {
        const client = await clientFor([toolRound([{ id: 'call_a', name: 'lookup' }])]);

        await run(client, [recordingTool('lookup', () => 'direct', true)]);

        expect(telemetry.spans().filter((s) => s.name.startsWith('chat'))).toHaveLength(1);
        expect(telemetry.span('invoke_agent').attributes['sprout.loop.end']).toBe('returnDirect');
      });
    });

    describe('when a tool outlives its timeout', () => {
      it('should record outcome timeout, the timeout and a timeout event', async () => {
        const client = await clientFor([toolRound([{ id: 'call_a', name: 'slow' }]), answer()]);
        // Answers only when its signal aborts: the call ends by its 1 ms timeout, whatever the machine's speed.
        const slow = FunctionToolCallback.builder(
          'slow',
          (_input: unknown, toolContext) =>
            new Promise<string>((_resolve, reject) => {
              toolContext.signal.addEventListener('abort', () => reject(toolContext.signal.reason as Error));
            }),
        )
          .description('Never answers')
          .toolMetadata({ returnDirect: false, timeoutMs: 1 })
          .build();

        const spec = client.prompt('Where is A1?').tools(slow);
        await (mode === 'call' ? spec.call().content() : drain(spec.stream().content()));

        const tool = telemetry.span('execute_tool slow');
        expect(tool.status.code).toBe(SpanStatusCode.ERROR);
        expect(tool.attributes).toMatchObject({
          'sprout.tool.outcome': 'timeout',
          'sprout.tool.timeout_ms': 1,
          'error.type': 'timeout',
        });
        expect(tool.events.map((e) => e.name)).toContain('sprout.tool.timeout');
      });
    });

    describe("when a call waits for a person's approval", () => {
      const cancelOrder = FunctionToolCallback.builder('cancelOrder', () => 'cancelled')
        .description('Cancel an order')
        .inputSchema({ type: 'object', properties: { id: { type: 'string' } } })
        .toolMetadata({ returnDirect: false, approval: 'required' })
        .build();
      const lastChunk = async (chunks: AsyncIterable<ChatResponse | undefined>) => {
        let last: ChatResponse | undefined;
        for await (const chunk of chunks) last = chunk ?? last;
        return last;
      };

      it('should show the wait on the request span and the declined call on resume', async () => {
        const client = await clientFor(
          [toolRound([{ id: 'call_a', name: 'cancelOrder', arguments: { id: 'A1' } }]), answer('Kept it.')],
          { approvals: new ToolApprovalStore() },
        );
        const ask = client
          .prompt('Cancel A1')
          .tools(cancelOrder)
          .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c1'));

        const paused = await (mode === 'call' ? ask.call().chatResponse() : lastChunk(ask.stream().chatResponse()));

        const pending = paused?.metadata.pendingApproval as PendingApproval;
        const waiting = telemetry.span('invoke_agent');
        expect(waiting.attributes['sprout.loop.end']).toBe('pendingApproval');
        expect(waiting.events.filter((e) => e.name === 'sprout.tool.approval_pending')).toEqual([
          expect.objectContaining({
            attributes: {
              'gen_ai.tool.name': 'cancelOrder',
              'gen_ai.tool.call.id': 'call_a',
              'sprout.tool.approval.reason': pending.calls[0].reason,
            },
          }),
        ]);
        expect(telemetry.spans().filter((s) => s.name.startsWith('execute_tool'))).toEqual([]);

        telemetry.reset();
        const resume = client
          .prompt()
          .tools(cancelOrder)
          .resume('c1', [rejectToolCall(pending.calls[0], 'not now')]);
        await (mode === 'call' ? resume.call().content() : drain(resume.stream().content()));

        const declined = telemetry.span('execute_tool cancelOrder');
        expect(declined.attributes).toMatchObject({
          'gen_ai.tool.call.id': 'call_a',
          'sprout.tool.outcome': 'rejected',
        });
        expect(telemetry.span('invoke_agent').attributes['sprout.loop.end']).toBe('answer');
      });
    });

    describe('when a tool result is longer than the cap', () => {
      it('should mark the span truncated with the whole length', async () => {
        const manager = DefaultToolCallingManager.builder().maxResultChars(10).build();
        const client = await clientFor([toolRound([{ id: 'call_a', name: 'lookup' }]), answer()], { manager });

        await run(client, [recordingTool('lookup', () => 'x'.repeat(50))]);

        // The function tool answers JSON: the 50 characters and their quotes.
        expect(telemetry.span('execute_tool lookup').attributes).toMatchObject({
          'sprout.tool.result.truncated': true,
          'sprout.tool.result.length': 52,
        });
      });
    });

    describe('content', () => {
      const secretArgs = { id: 'A1', note: 'password=hunter2' };

      it('should record no prompt, completion, arguments or result by default', async () => {
        const client = await clientFor([
          toolRound([{ id: 'call_a', name: 'lookup', arguments: secretArgs }]),
          answer(),
        ]);

        await run(client, [recordingTool('lookup')]);

        for (const span of telemetry.spans()) {
          expect(Object.keys(span.attributes)).not.toEqual(
            expect.arrayContaining([
              expect.stringMatching(/gen_ai\.(input|output)\.messages|gen_ai\.tool\.call\.(arguments|result)/),
            ]),
          );
        }
      });

      it('should record them, credentials masked, when enabled', async () => {
        const manager = DefaultToolCallingManager.builder().observationsIncludeContent(true).maxResultChars(10).build();
        const client = await clientFor(
          [toolRound([{ id: 'call_a', name: 'lookup', arguments: secretArgs }]), answer('Shipped to you.')],
          { manager, observation: { logPrompt: true, logCompletion: true } },
        );

        await run(client, [recordingTool('lookup', () => 'the whole result, not cut')]);

        const tool = telemetry.span('execute_tool lookup');
        expect(tool.attributes['gen_ai.tool.call.arguments']).toContain('"id":"A1"');
        expect(tool.attributes['gen_ai.tool.call.arguments']).not.toContain('hunter2');
        expect(tool.attributes['gen_ai.tool.call.result']).toBe('"the whole result, not cut"');
        const [first, second] = telemetry.spans().filter((s) => s.name.startsWith('chat'));
        expect(JSON.parse(first.attributes['gen_ai.input.messages'] as string)).toEqual([
          { role: 'user', parts: [{ type: 'text', content: 'Where is A1?' }] },
        ]);
        // A stream's output is its chunks assembled: the same record as a call's.
        expect(JSON.parse(second.attributes['gen_ai.output.messages'] as string)).toEqual([
          { role: 'assistant', parts: [{ type: 'text', content: 'Shipped to you.' }], finish_reason: 'stop' },
        ]);
        expect(JSON.parse(first.attributes['gen_ai.output.messages'] as string)).toEqual([
          {
            role: 'assistant',
            // Masked like error messages.
            parts: [
              { type: 'tool_call', id: 'call_a', name: 'lookup', arguments: '{"id":"A1","note":"password=***"}' },
            ],
            finish_reason: 'tool_calls',
          },
        ]);
        expect(second.attributes['gen_ai.input.messages']).toContain('tool_call_response');
      });
    });
  });

  describe('.stream', () => {
    it('should record the time to first chunk on the chat span', async () => {
      const client = await clientFor([answer()]);

      await drain(client.prompt('Hi').stream().content());

      const chat = telemetry.span('chat gpt-4o-mini');
      expect(chat.attributes['gen_ai.request.stream']).toBe(true);
      expect(chat.attributes['gen_ai.response.time_to_first_chunk']).toEqual(expect.any(Number));
      expect(await telemetry.histogram('gen_ai.client.operation.time_to_first_chunk')).toHaveLength(1);
    });
  });

  describe('when the observation options name the agent', () => {
    it('should name the request span invoke_agent {name} with gen_ai.agent.name', async () => {
      const client = await clientFor([answer()], { observation: { agentName: 'order-desk' } });

      await client.prompt('Hi').call().content();

      expect(telemetry.span('invoke_agent order-desk').attributes['gen_ai.agent.name']).toBe('order-desk');
    });
  });

  describe.each([['call'], ['stream']] as const)('when a conversation id is set (.%s)', (mode) => {
    it('should put gen_ai.conversation.id on the request span', async () => {
      const client = await clientFor([answer()]);

      const spec = client.prompt('Hi').advisors((a) => a.param('chat_memory_conversation_id', 'conv-7'));
      await (mode === 'call' ? spec.call().content() : drain(spec.stream().content()));

      expect(telemetry.span('invoke_agent').attributes['gen_ai.conversation.id']).toBe('conv-7');
    });
  });
});
