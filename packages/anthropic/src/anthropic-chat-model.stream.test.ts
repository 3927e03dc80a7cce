import { type ChatResponse, Prompt, toolCallDeltasOf, type ToolCall } from '@sprout-ai/core';
import {
  anthropicMessage,
  anthropicSseEvents,
  errorOf,
  sseFromAnthropicMessage,
  splitEvery,
  type AnthropicWireScriptStep,
} from '@sprout-ai/test';
import { messageFixture, sseFixture, wireModels } from './__fixtures__/wire-model';
import { AnthropicApiError } from './anthropic-api-error';

async function collect(stream: AsyncIterable<ChatResponse>): Promise<ChatResponse[]> {
  const chunks: ChatResponse[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** What a stream adds up to: the text, the last chunk's calls, finish reason and usage. */
function summary(chunks: readonly ChatResponse[]) {
  const last = chunks.at(-1);
  return {
    text: chunks.map((c) => c.result?.output.text ?? '').join(''),
    toolCalls: last?.result?.output.toolCalls ?? [],
    metadata: last?.result?.metadata,
    usage: last?.metadata.usage,
  };
}

function parsed(calls: readonly ToolCall[]): unknown[] {
  return calls.map((call) => ({ id: call.id, name: call.name, input: JSON.parse(call.arguments) as unknown }));
}

describe('AnthropicChatModel.stream', () => {
  const modelWith = wireModels();

  async function streamOf(step: AnthropicWireScriptStep): Promise<ChatResponse[]> {
    const { model } = await modelWith([step]);
    return collect(model.stream(new Prompt('go')));
  }

  describe('when replaying the recorded text + tool_use stream (text-and-tool-use.sse)', () => {
    it.each([
      ['one write per event', undefined],
      ['three-byte writes', splitEvery(3)],
      ['seven-byte writes', splitEvery(7)],
    ])('should yield the text and the call, its input_json_delta fragments joined (%s)', async (_how, splitAt) => {
      const chunks = await streamOf({ sse: sseFixture('text-and-tool-use'), splitAt });

      expect(summary(chunks)).toEqual({
        text: "I'll check the current weather in Paris for you.",
        toolCalls: [
          {
            id: 'toolu_01NRLabsLyVHZPKxbKvkfSMn',
            type: 'function',
            name: 'get_weather',
            arguments: '{"location": "Paris"}',
          },
        ],
        metadata: { finishReason: 'tool_calls', stopReason: 'tool_use' },
        usage: {
          promptTokens: 377,
          completionTokens: 65,
          totalTokens: 442,
          cacheReadInputTokens: 0,
          cacheWriteInputTokens: 0,
        },
      });
    });

    it('should report the call’s progress as tool-call deltas, the name first', async () => {
      const chunks = await streamOf({ sse: sseFixture('text-and-tool-use') });

      const deltas = chunks.flatMap((c) => toolCallDeltasOf(c.result?.metadata));
      expect(deltas[0]).toEqual({
        index: 0,
        id: 'toolu_01NRLabsLyVHZPKxbKvkfSMn',
        name: 'get_weather',
        argumentsDelta: '',
        first: true,
      });
      expect(deltas.slice(1).map((d) => d.argumentsDelta)).toEqual(['{"locati', 'on": "P', 'ar', 'is"}']);
    });
  });

  describe('when replaying the recorded stream of a tool without parameters (tool-no-args.sse)', () => {
    it('should yield the call with arguments {} and count the input tokens once', async () => {
      const chunks = await streamOf({ sse: sseFixture('tool-no-args') });

      expect(summary(chunks)).toMatchObject({
        text: "I'll update the issue list for you.",
        toolCalls: [{ id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP', name: 'updateIssueList', arguments: '{}' }],
        metadata: { finishReason: 'tool_calls' },
        usage: { promptTokens: 565, completionTokens: 48, totalTokens: 613 },
      });
    });
  });

  describe('when replaying the recorded stream cut off by max_tokens inside a tool input (max-tokens-mid-tool-input.sse)', () => {
    it('should keep the text, mark the open call so it is not run, and finish with length', async () => {
      const chunks = await streamOf({ sse: sseFixture('max-tokens-mid-tool-input'), splitAt: splitEvery(5) });

      const { text, toolCalls, metadata } = summary(chunks);
      expect(text).toBe(
        "I'll create a comprehensive tax guide for someone with multiple W2s and save it in a file called taxes.txt. Let me do that for you now.",
      );
      expect(toolCalls).toHaveLength(1);
      expect(toolCalls[0]).toMatchObject({ id: 'toolu_01EKqbqmZrGRXy18eN7m9kvY', name: 'make_file' });
      expect(toolCalls[0].arguments).toMatch(/^\{"filename": "taxes\.txt", "lines_of_text": \[\n/);
      expect(toolCalls[0].argumentsProblem).toMatch(/cut off \(stop_reason 'max_tokens'\).*not run/);
      expect(metadata).toEqual({ finishReason: 'length', stopReason: 'max_tokens' });
    });
  });

  describe('when a recorded parallel tool_use answer is streamed with its input split anywhere', () => {
    const { response } = messageFixture('parallel-tool-use');

    it('should give what call gives, for every fragment size', async () => {
      const sizes = [1, 2, 3, 5, 8, 13, 1000];
      const { model } = await modelWith([
        response,
        ...sizes.map((size) => ({
          sse: sseFromAnthropicMessage(response, { inputJsonFragmentSize: size, textFragmentSize: 1000 }),
          splitAt: size === 5 ? splitEvery(17) : undefined,
        })),
      ]);
      const called = await model.call(new Prompt('go'));

      for (const size of sizes) {
        const streamed = summary(await collect(model.stream(new Prompt('go'))));
        expect({ size, ...streamed }).toEqual({
          size,
          text: called.result?.output.text,
          toolCalls: called.result?.output.toolCalls,
          metadata: called.result?.metadata,
          usage: called.metadata.usage,
        });
      }
      expect(parsed(called.result?.output.toolCalls ?? [])).toEqual([
        {
          id: 'toolu_01ECouLXJaT6yocMNDstufPc',
          name: 'get_weather',
          input: { location: 'San Francisco, CA', units: 'c' },
        },
        {
          id: 'toolu_01FHQTcVXvPoLL3bzxsAUtJJ',
          name: 'get_weather',
          input: { location: 'San Francisco, CA', units: 'f' },
        },
      ]);
    });

    it('should number the calls’ deltas by their position among the calls, not by content block', async () => {
      const chunks = await streamOf(response);

      const firsts = chunks.flatMap((c) => toolCallDeltasOf(c.result?.metadata)).filter((d) => d.first);
      expect(firsts.map((d) => [d.index, d.id])).toEqual([
        [0, 'toolu_01ECouLXJaT6yocMNDstufPc'],
        [1, 'toolu_01FHQTcVXvPoLL3bzxsAUtJJ'],
      ]);
    });
  });

  describe('when input fragments split a multi-byte character or an escape', () => {
    it('should join them into the exact arguments text', async () => {
      const message = anthropicMessage({
        toolUses: [{ id: 'toolu_1', name: 'note', input: { t: '单"🚚' } }],
      });

      const chunks = await streamOf({
        sse: sseFromAnthropicMessage(message, { inputJsonFragmentSize: 1 }),
        splitAt: splitEvery(3),
      });

      expect(JSON.parse(summary(chunks).toolCalls[0].arguments)).toEqual({ t: '单"🚚' });
    });
  });

  describe('when the stream ends before its stop reason', () => {
    it('should throw an AnthropicApiError instead of passing the cut answer for a whole one', async () => {
      const whole = sseFromAnthropicMessage(anthropicMessage({ text: 'Hello there' }));
      const cut = whole.slice(0, whole.indexOf('event: message_delta'));
      const { model, wire } = await modelWith([{ sse: cut }]);

      const error = await errorOf(collect(model.stream(new Prompt('go'))), AnthropicApiError);

      expect(error).toBeInstanceOf(AnthropicApiError);
      expect(error.message).toMatch(
        new RegExp(
          `^The stream from Anthropic endpoint ${wire.baseUrl.replace(/\./g, '\\.')} ended before the answer was complete: the stream ended after \\d+ events without a stop_reason`,
        ),
      );
    });

    it('should throw when the stream carries no event at all', async () => {
      const error = await errorOf(streamOf({ sse: ': keep-alive\n\n' }), AnthropicApiError);

      expect(error.message).toMatch(/ended before the answer was complete: the stream carried no event at all/);
    });
  });

  describe('when the server sends an error event mid-stream', () => {
    it('should throw an AnthropicApiError with Anthropic’s error type', async () => {
      const sse = anthropicSseEvents([
        {
          type: 'message_start',
          message: { id: 'msg_1', model: 'm', content: [], usage: { input_tokens: 1, output_tokens: 0 } },
        },
        { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      ]);

      const error = await errorOf(streamOf({ sse }), AnthropicApiError);

      expect(error).toBeInstanceOf(AnthropicApiError);
      expect(error).toMatchObject({ errorType: 'overloaded_error' });
      expect(error.message).toMatch(
        /sent an error mid-stream \(overloaded_error: Overloaded\)\. Anthropic is overloaded: retry later\.$/,
      );
    });
  });

  describe('when the server ignores stream: true and answers one JSON message', () => {
    it('should yield the message’s text, then its calls, as a stream would', async () => {
      const { model } = await modelWith([() => ({ status: 200, body: messageFixture('text-and-tool-use').response })]);

      const chunks = await collect(model.stream(new Prompt('go')));

      expect(summary(chunks)).toMatchObject({
        text: 'Let me check the weather for San Francisco for you in Celsius.',
        toolCalls: [{ id: 'toolu_01MxFFv4azdWzubHT3dXurMY', name: 'get_weather' }],
        metadata: { finishReason: 'tool_calls' },
      });
    });
  });

  describe('when the request is sent', () => {
    it('should ask for a stream with the same body call sends', async () => {
      const { model, wire } = await modelWith([anthropicMessage({ text: 'a' }), anthropicMessage({ text: 'b' })]);

      await model.call(new Prompt('go'));
      await collect(model.stream(new Prompt('go')));

      expect(wire.requests[1]).toEqual({ ...wire.requests[0], stream: true });
    });
  });
});
