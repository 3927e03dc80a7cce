import { AssistantMessage, type ChatResponse, Prompt, UserMessage, toolCallDeltasOf } from '@sprout-ai/core';
import { ScriptExhaustedError } from '../script-exhausted-error';
import { assistantText, assistantToolCalls } from './chat-response-builders';
import { ScriptedChatModel } from './scripted-chat-model';

describe(ScriptedChatModel, () => {
  describe('.call', () => {
    it('should play the script in order and record every prompt', async () => {
      const first = assistantToolCalls([{ id: 'call_1', name: 'lookup', arguments: { q: 'x' } }]);
      const model = new ScriptedChatModel([first, assistantText('done')]);

      const r1 = await model.call(new Prompt('one'));
      const r2 = await model.call(new Prompt('two'));

      expect(r1).toBe(first);
      expect(r2.result?.output.text).toBe('done');
      expect(model.prompts.map((p) => (p.instructions[0] as UserMessage).text)).toEqual(['one', 'two']);
      expect(model.remainingSteps).toBe(0);
    });

    it('should pass the prompt and the call index to a function step', async () => {
      const model = new ScriptedChatModel([
        assistantText('first'),
        async (prompt, index) => assistantText(`${index}:${prompt.instructions.length}`),
      ]);
      await model.call(new Prompt('a'));

      const response = await model.call(new Prompt([new UserMessage('a'), new AssistantMessage('b')]));

      expect(response.result?.output.text).toBe('1:2');
    });

    it('should pass the request options to a function step, on call and on stream', async () => {
      const seen: (AbortSignal | undefined)[] = [];
      const step = (_prompt: Prompt, _index: number, options: { signal?: AbortSignal }) => {
        seen.push(options.signal);
        return assistantText('ok');
      };
      const model = new ScriptedChatModel([step, step, step]);
      const { signal } = new AbortController();

      await model.call(new Prompt('a'), { signal });
      for await (const _chunk of model.stream(new Prompt('b'), { signal }));
      await model.call(new Prompt('c'));

      expect(seen).toEqual([signal, signal, undefined]);
    });

    describe('when the script is exhausted', () => {
      it('should reject with ScriptExhaustedError naming the call and the script length', async () => {
        const model = new ScriptedChatModel([assistantText('only')]);
        await model.call(new Prompt('a'));

        const call = model.call(new Prompt('b'));

        await expect(call).rejects.toBeInstanceOf(ScriptExhaustedError);
        await expect(call).rejects.toThrow(
          'ScriptedChatModel script exhausted: request #2 arrived but the script has only 1 step.',
        );
        expect(model.prompts).toHaveLength(2);
      });
    });
  });

  describe('.stream', () => {
    async function collect(chunks: AsyncIterable<ChatResponse>): Promise<ChatResponse[]> {
      const out: ChatResponse[] = [];
      for await (const chunk of chunks) out.push(chunk);
      return out;
    }

    it('should stream text in fragments and end with a chunk holding the finish reason and usage', async () => {
      const usage = { promptTokens: 3, completionTokens: 2, totalTokens: 5 };
      const model = new ScriptedChatModel([assistantText('Hello world', { usage })], { streamFragmentSize: 4 });

      const chunks = await collect(model.stream(new Prompt('hi')));

      expect(chunks.map((c) => c.result?.output.text)).toEqual(['Hell', 'o wo', 'rld', '']);
      expect(chunks.slice(0, 3).every((c) => c.metadata.usage === undefined)).toBe(true);
      expect(chunks[3].result?.metadata.finishReason).toBe('stop');
      expect(chunks[3].metadata.usage).toEqual(usage);
      expect(model.prompts).toHaveLength(1);
    });

    it('should stream tool calls as deltas and put the complete calls only on the last chunk', async () => {
      const model = new ScriptedChatModel(
        [assistantToolCalls([{ id: 'c1', name: 'lookup', arguments: { id: 'A1' } }], { text: 'One sec' })],
        { streamFragmentSize: 5 },
      );

      const chunks = await collect(model.stream(new Prompt('hi')));

      expect(chunks.map((c) => c.result?.output.text)).toEqual(['One s', 'ec', '', '', '', '', '']);
      expect(chunks.slice(0, -1).some((c) => c.hasToolCalls())).toBe(false);
      const deltas = chunks.flatMap((c) => toolCallDeltasOf(c.result?.metadata));
      expect(deltas.map((d) => [d.id, d.name, d.argumentsDelta, d.first])).toEqual([
        ['c1', 'lookup', '', true],
        ['c1', 'lookup', '{"id"', false],
        ['c1', 'lookup', ':"A1"', false],
        ['c1', 'lookup', '}', false],
      ]);
      const last = chunks[chunks.length - 1];
      expect(last.result?.output.toolCalls).toEqual([
        { id: 'c1', type: 'function', name: 'lookup', arguments: '{"id":"A1"}' },
      ]);
      expect(last.result?.metadata.finishReason).toBe('tool_calls');
    });

    it('should play nothing until iterated and the next step on each iteration', async () => {
      const model = new ScriptedChatModel([assistantText('one'), assistantText('two')]);
      const stream = model.stream(new Prompt('hi'));
      expect(model.prompts).toHaveLength(0);

      const first = await collect(stream);
      const second = await collect(stream);

      expect(first.map((c) => c.result?.output.text).join('')).toBe('one');
      expect(second.map((c) => c.result?.output.text).join('')).toBe('two');
      await expect(collect(stream)).rejects.toBeInstanceOf(ScriptExhaustedError);
    });
  });
});

describe(assistantToolCalls, () => {
  it('should build tool calls with JSON text arguments, unique ids and finish reason tool_calls', () => {
    const response = assistantToolCalls([
      { name: 'a', arguments: { n: 1 } },
      { name: 'b', arguments: '{"raw":true}' },
      { name: 'c' },
    ]);

    const output = response.result?.output;
    expect(output?.text).toBe('');
    expect(output?.toolCalls.map((c) => [c.type, c.name, c.arguments])).toEqual([
      ['function', 'a', '{"n":1}'],
      ['function', 'b', '{"raw":true}'],
      ['function', 'c', '{}'],
    ]);
    expect(new Set(output?.toolCalls.map((c) => c.id)).size).toBe(3);
    expect(response.result?.metadata.finishReason).toBe('tool_calls');
    expect(response.hasToolCalls()).toBe(true);
  });
});

describe(assistantText, () => {
  it('should build a text answer with finish reason stop and the given usage', () => {
    const usage = { promptTokens: 3, completionTokens: 2, totalTokens: 5 };

    const response = assistantText('hello', { usage });

    expect(response.result?.output.text).toBe('hello');
    expect(response.result?.metadata.finishReason).toBe('stop');
    expect(response.metadata.usage).toEqual(usage);
    expect(response.hasToolCalls()).toBe(false);
  });
});
