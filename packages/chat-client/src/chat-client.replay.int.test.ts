import { FunctionToolCallback, type ToolCallback } from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { chatCompletion, OpenAiWireServer, type WireChatRequest } from '@sprout-ai/test';
import { type ReplayFixture, replayFixtures } from '../../openai/src/__fixtures__/replay-fixtures';
import { ChatClient } from './chat-client';
import type { ChatClientRequestSpec } from './chat-client-request-spec';

type Mode = 'call' | 'stream';
/** Each recording with the modes it can answer: a streamed one only `.stream()`, a JSON one both. */
function casesOf(fixtures: readonly ReplayFixture[]): [string, Mode, ReplayFixture][] {
  return fixtures.flatMap((f): [string, Mode, ReplayFixture][] =>
    (f.kind === 'sse' ? (['stream'] as const) : (['call', 'stream'] as const)).map((mode) => [
      `${f.name}.${f.kind}`,
      mode,
      f,
    ]),
  );
}
const FIXTURES = replayFixtures();
/** Recorded first rounds that call tools (their recorded follow-ups are replayed as the second round). */
const CASES = casesOf(FIXTURES.filter((f) => f.expect.toolCalls.length > 0));
/** Recorded answers without tool calls: text, refusals, cut-off answers. */
const ANSWER_CASES = casesOf(FIXTURES.filter((f) => f.expect.toolCalls.length === 0));
const QUESTION = 'What is the weather in San Francisco?';
const FINAL_ANSWER = 'It is sunny.';

/** A function tool that accepts any object and records what it ran with. */
function recordingTool(name: string, runs: { name: string; input: unknown }[]): ToolCallback {
  return FunctionToolCallback.builder(name, (input) => {
    runs.push({ name, input });
    return { ok: true, tool: name };
  })
    .description(`The ${name} tool`)
    .inputSchema({ type: 'object' })
    .build();
}

describe(ChatClient, () => {
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** The answer text: `.content()` of a call, or the text deltas of a stream. */
  async function answerOf(mode: Mode, spec: ChatClientRequestSpec): Promise<string> {
    if (mode === 'call') return spec.call().content();
    let answer = '';
    for await (const event of spec.stream().events()) if (event.type === 'text-delta') answer += event.text;
    return answer;
  }

  describe('when replaying recorded provider answers without tool calls', () => {
    it.each(ANSWER_CASES)('should give the recorded answer of %s in one request (%s)', async (_name, mode, fixture) => {
      server = await OpenAiWireServer.start({ script: [fixture.step] });
      const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'sk-test', maxRetries: 0 });

      const answer = await answerOf(mode, ChatClient.create(model).prompt(QUESTION));

      expect(answer).toBe(fixture.expect.text);
      expect(server.requests).toHaveLength(1);
    });
  });

  describe('when replaying recorded provider responses that call tools', () => {
    it('should have tool-calling recordings to replay', () => {
      expect(CASES.length).toBeGreaterThanOrEqual(15);
    });

    it.each(CASES)(
      'should run the calls of %s with their arguments and answer each (%s)',
      async (_name, mode, fixture) => {
        const finalStep = fixture.followUp?.step ?? chatCompletion({ content: FINAL_ANSWER });
        const finalText = fixture.followUp?.expect.text ?? FINAL_ANSWER;
        server = await OpenAiWireServer.start({ script: [fixture.step, finalStep] });
        const wire = server;
        const model = new OpenAiChatModel({ baseUrl: wire.baseUrl, apiKey: 'sk-test', maxRetries: 0 });
        const runs: { name: string; input: unknown }[] = [];
        const names = [...new Set(fixture.expect.toolCalls.map((call) => call.name))];
        const spec = ChatClient.create(model)
          .prompt(QUESTION)
          .tools(...names.map((name) => recordingTool(name, runs)));

        const answer = await answerOf(mode, spec);

        const expectedCalls = fixture.expect.toolCalls;
        // Streamed text of every round reaches the caller; a call's content is the last round's.
        expect(answer).toBe(mode === 'stream' ? fixture.expect.text + finalText : finalText);
        expect(runs).toEqual(expectedCalls.map((call) => ({ name: call.name, input: call.arguments })));
        expect(wire.requests).toHaveLength(2);
        expectSecondRequest(wire.requests[1], expectedCalls);
      },
    );
  });

  /**
   * The request after the tools ran carries the question, the assistant's calls (unique ids,
   * arguments that parse to what was recorded) and one tool message per call, in order.
   */
  function expectSecondRequest(request: WireChatRequest, expectedCalls: ReplayFixture['expect']['toolCalls']): void {
    expect(request.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([QUESTION]);
    const assistant = request.messages.find((m) => m.role === 'assistant');
    const calls = assistant?.tool_calls ?? [];
    expect(
      calls.map((c) => ({ name: c.function.name, arguments: JSON.parse(c.function.arguments as string) as unknown })),
    ).toEqual(expectedCalls.map((c) => ({ name: c.name, arguments: c.arguments })));
    const ids = calls.map((c) => c.id);
    expect(ids.every((id) => typeof id === 'string' && id !== '')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const toolMessages = request.messages.filter((m) => m.role === 'tool');
    expect(toolMessages.map((m) => m.tool_call_id)).toEqual(ids);
  }
});
