import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { type ChatResponse, Prompt } from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, chatCompletion, type WireScriptStep } from '@sprout-ai/test';
import { type TestTelemetry, registerTestTelemetry } from '../__fixtures__/telemetry';
import { recordingTool } from '../__fixtures__/tools';
import { ChatClient } from '../chat-client';
import { ObservedChatModel, type ObservedChatModelOptions } from './observed-chat-model';

async function collect(chunks: AsyncIterable<ChatResponse>): Promise<ChatResponse[]> {
  const all: ChatResponse[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

const chatSpans = (telemetry: TestTelemetry): ReadableSpan[] =>
  telemetry.spans().filter((s) => s.name.startsWith('chat'));

/** A model called directly, outside a ChatClient, over the real `openai` client and the test kit's server. */
describe('ObservedChatModel', () => {
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

  async function modelFor(script: readonly WireScriptStep[]): Promise<OpenAiChatModel> {
    server = await OpenAiWireServer.start({ script });
    return new OpenAiChatModel({
      baseUrl: server.baseUrl,
      apiKey: 'test-key',
      maxRetries: 0,
      defaultOptions: { model: 'gpt-4o-mini', temperature: 0.2 },
    });
  }
  const observed = async (script: readonly WireScriptStep[], options?: ObservedChatModelOptions) =>
    new ObservedChatModel(await modelFor(script), options);
  const answer = (content = 'Shipped.') =>
    chatCompletion({
      id: 'resp-1',
      content,
      usage: { promptTokens: 12, completionTokens: 4 },
      model: 'gpt-4o-mini-2024',
    });
  const toolRound = () =>
    chatCompletion({ id: 'resp-0', toolCalls: [{ id: 'call_a', name: 'lookup' }], model: 'gpt-4o-mini-2024' });
  /** Runs `work` under a span of the caller's, as an application's own span would be. */
  const underCallerSpan = async (work: () => Promise<unknown>): Promise<ReadableSpan> => {
    const caller = trace.getTracer('test').startSpan('caller');
    await context.with(trace.setSpan(context.active(), caller), work);
    caller.end();
    return telemetry.span('caller');
  };

  describe.each([['call'], ['stream']] as const)('.%s outside a ChatClient', (mode) => {
    const ask = (model: ObservedChatModel, prompt = new Prompt('Where is A1?')): Promise<unknown> =>
      mode === 'call' ? model.call(prompt) : collect(model.stream(prompt));

    it('should record one chat CLIENT span under the caller, with the GenAI attributes and histograms', async () => {
      const model = await observed([answer()]);

      const caller = await underCallerSpan(() => ask(model));

      const [chat] = chatSpans(telemetry);
      expect(chatSpans(telemetry)).toHaveLength(1);
      expect(chat.name).toBe('chat gpt-4o-mini');
      expect(chat.kind).toBe(SpanKind.CLIENT);
      expect(chat.parentSpanContext?.spanId).toBe(caller.spanContext().spanId);
      expect(chat.attributes).toMatchObject({
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'openai',
        'gen_ai.request.model': 'gpt-4o-mini',
        'gen_ai.request.temperature': 0.2,
        'gen_ai.response.id': 'resp-1',
        'gen_ai.response.model': 'gpt-4o-mini-2024',
        'gen_ai.response.finish_reasons': ['stop'],
        'gen_ai.usage.input_tokens': 12,
        'gen_ai.usage.output_tokens': 4,
      });
      if (mode === 'stream') {
        expect(chat.attributes['gen_ai.request.stream']).toBe(true);
        expect(chat.attributes['gen_ai.response.time_to_first_chunk']).toEqual(expect.any(Number));
      }
      const durations = await telemetry.histogram('gen_ai.client.operation.duration');
      expect(durations.reduce((n, p) => n + p.value.count, 0)).toBe(1);
      const tokens = await telemetry.histogram('gen_ai.client.token.usage');
      expect(tokens.reduce((n, p) => n + (p.value.sum ?? 0), 0)).toBe(16);
    });

    it("should record the request's settings over the model's defaults", async () => {
      const model = await observed([answer()]);

      await ask(model, new Prompt('Hi', { maxTokens: 64, topP: 0.9, stopSequences: ['END'], model: 'gpt-4o' }));

      const [chat] = chatSpans(telemetry);
      expect(chat.name).toBe('chat gpt-4o');
      expect(chat.attributes).toMatchObject({
        'gen_ai.request.model': 'gpt-4o',
        'gen_ai.request.temperature': 0.2,
        'gen_ai.request.max_tokens': 64,
        'gen_ai.request.top_p': 0.9,
        'gen_ai.request.stop_sequences': ['END'],
      });
    });

    it('should mark the span with error.type when the model fails', async () => {
      const model = await observed([{ status: 400, body: { error: { message: 'bad request' } } }]);

      await expect(ask(model)).rejects.toThrow();

      const [chat] = chatSpans(telemetry);
      expect(chat.status.code).toBe(SpanStatusCode.ERROR);
      expect(chat.attributes['error.type']).toEqual(expect.any(String));
    });

    it('should record no prompt or completion by default', async () => {
      const model = await observed([answer()]);

      await ask(model);

      const [chat] = chatSpans(telemetry);
      expect(chat.attributes).not.toHaveProperty('gen_ai.input.messages');
      expect(chat.attributes).not.toHaveProperty('gen_ai.output.messages');
    });

    it('should record prompt and completion, credentials masked, when enabled', async () => {
      const model = await observed([answer('Your password=hunter2 is set.')], { logPrompt: true, logCompletion: true });

      await ask(model, new Prompt('Set password=hunter2'));

      const [chat] = chatSpans(telemetry);
      expect(JSON.parse(chat.attributes['gen_ai.input.messages'] as string)).toEqual([
        { role: 'user', parts: [{ type: 'text', content: 'Set password=***' }] },
      ]);
      expect(JSON.parse(chat.attributes['gen_ai.output.messages'] as string)).toEqual([
        { role: 'assistant', parts: [{ type: 'text', content: 'Your password=*** is set.' }], finish_reason: 'stop' },
      ]);
    });
  });

  describe.each([['call'], ['stream']] as const)('in a ChatClient .%s', (mode) => {
    it('should record each model call once, under the request span', async () => {
      const model = await observed([toolRound(), answer()]);
      const spec = ChatClient.create(model).prompt('Where is A1?').tools(recordingTool('lookup'));

      await (mode === 'call' ? spec.call().content() : collect(spec.stream().chatResponse()));

      const agent = telemetry.span('invoke_agent');
      const chats = chatSpans(telemetry);
      expect(chats.map((s) => s.name)).toEqual(['chat gpt-4o-mini', 'chat gpt-4o-mini']);
      for (const chat of chats) expect(chat.parentSpanContext?.spanId).toBe(agent.spanContext().spanId);
    });
  });
});
