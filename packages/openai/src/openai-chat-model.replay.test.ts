import { type ChatResponse, Prompt } from '@sprout-ai/core';
import { OpenAiWireServer, splitEvery, type WireScriptStep } from '@sprout-ai/test';
import { type ReplayExpectation, type ReplayFixture, replayFixtures } from './__fixtures__/replay-fixtures';
import { OpenAiChatModel } from './openai-chat-model';

const FIXTURES = replayFixtures();
const STREAMED = FIXTURES.filter((f) => f.kind === 'sse');
const BODIES = FIXTURES.filter((f) => f.kind === 'json');

/** What a response said, in the terms of {@link ReplayExpectation}. */
interface Observed {
  readonly text: string;
  readonly refusal?: unknown;
  readonly toolCalls: readonly { readonly id: string; readonly name: string; readonly arguments: unknown }[];
  readonly finishReason: unknown;
  readonly usage?: unknown;
}

function observedOf(chunks: readonly ChatResponse[]): Observed {
  const last = chunks[chunks.length - 1];
  const result = last.result;
  const refusal = result?.output.metadata.refusal;
  return {
    text: chunks.map((chunk) => chunk.result?.output.text ?? '').join(''),
    ...(refusal === undefined ? {} : { refusal }),
    toolCalls: (result?.output.toolCalls ?? []).map((call) => ({
      id: call.id,
      name: call.name,
      arguments: JSON.parse(call.arguments) as unknown,
    })),
    finishReason: result?.metadata.finishReason,
    ...(last.metadata.usage === undefined ? {} : { usage: last.metadata.usage }),
  };
}

function expected(expect: ReplayExpectation): Observed {
  const { text, refusal, toolCalls, finishReason, usage } = expect;
  return {
    text,
    ...(refusal === undefined ? {} : { refusal }),
    toolCalls,
    finishReason,
    ...(usage === undefined ? {} : { usage }),
  };
}

describe(OpenAiChatModel, () => {
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function modelServing(step: WireScriptStep): Promise<OpenAiChatModel> {
    server = await OpenAiWireServer.start({ script: [step] });
    return new OpenAiChatModel({ apiKey: 'sk-test', maxRetries: 0, baseUrl: server.baseUrl });
  }

  async function streamed(step: WireScriptStep): Promise<Observed> {
    const model = await modelServing(step);
    const chunks: ChatResponse[] = [];
    for await (const chunk of model.stream(new Prompt('What is the weather in San Francisco?'))) chunks.push(chunk);
    return observedOf(chunks);
  }

  describe('when replaying recorded provider responses', () => {
    it('should have recordings of every kind the replay is meant to cover', () => {
      expect(STREAMED.length).toBeGreaterThanOrEqual(15);
      expect(BODIES.length).toBeGreaterThanOrEqual(5);
      for (const fixture of FIXTURES)
        expect([fixture.name, fixture.source]).toEqual([fixture.name, expect.any(String)]);
    });

    describe('.stream', () => {
      it.each(STREAMED.map((f): [string, ReplayFixture] => [f.name, f]))(
        'should give the recorded answer of %s',
        async (_name, fixture) => {
          expect(await streamed(fixture.step)).toEqual(expected(fixture.expect));
        },
      );

      it.each(STREAMED.map((f): [string, ReplayFixture] => [f.name, f]))(
        'should give the same answer for %s when the bytes arrive in 13-byte pieces',
        async (_name, fixture) => {
          const step = fixture.step as { readonly sse: string };
          expect(await streamed({ sse: step.sse, splitAt: splitEvery(13) })).toEqual(expected(fixture.expect));
        },
      );

      it.each(BODIES.map((f): [string, ReplayFixture] => [f.name, f]))(
        'should give the recorded answer of %s streamed as the server would',
        async (_name, fixture) => {
          expect(await streamed(fixture.step)).toEqual(expected(fixture.expect));
        },
      );
    });

    describe('.call', () => {
      it.each(BODIES.map((f): [string, ReplayFixture] => [f.name, f]))(
        'should give the recorded answer of %s',
        async (_name, fixture) => {
          const model = await modelServing(fixture.step);
          const response = await model.call(new Prompt('What is the weather in San Francisco?'));
          expect(observedOf([response])).toEqual(expected(fixture.expect));
        },
      );
    });
  });
});
