import {
  CHAT_MEMORY_CONVERSATION_ID,
  type Message,
  MessageWindowChatMemory,
  ToolResponseMessage,
  AssistantMessage,
} from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import {
  OpenAiWireServer,
  type WireChatCompletion,
  type WireChatRequest,
  type WireMessage,
  type WireScriptStep,
  chatCompletion,
} from '@sprout-ai/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordingTool } from '../__fixtures__/tools';
import { ChatClient } from '../chat-client';
import { MessageChatMemoryAdvisor } from './message-chat-memory-advisor';
import { ToolCallingAdvisor } from './tool-calling-advisor';

/**
 * A memory advisor inside the tool loop (the auto-registered loop then forwards only the tool
 * responses, and memory replays the rest of the turn) fed malformed tool-call responses: the turn
 * the requests carry and the turn memory stores are the turn as the loop ran it.
 */

const QUESTION = 'Where is A1?';
const SYSTEM_TEXT = 'You are the order desk.';
type Path = 'call' | 'stream';
const PATHS: readonly Path[] = ['call', 'stream'];

/** A handed wire case (`/work/shared/cases/wire`), as kept with the openai package's fixtures. */
const fixture = (name: string): WireChatCompletion =>
  JSON.parse(
    readFileSync(join(__dirname, '..', '..', '..', 'openai', 'src', '__fixtures__', name), 'utf8'),
  ) as WireChatCompletion;

/** `completion` with a second choice that has no content and no tool call. */
function withEmptySecondChoice(completion: WireChatCompletion): WireChatCompletion {
  return {
    ...completion,
    choices: [
      ...completion.choices,
      { index: 1, message: { role: 'assistant', content: '' }, finish_reason: 'stop', logprobs: null },
    ],
  };
}

/** True when every tool_call id of the request is answered once, right after its message, in order. */
function everyCallAnsweredOnce(request: WireChatRequest): boolean {
  return request.messages.every((message, i) => {
    const ids = (message.tool_calls ?? []).map((c) => c.id);
    const answers = request.messages.slice(i + 1, i + 1 + ids.length);
    return (
      new Set(ids).size === ids.length &&
      ids.every((id, k) => typeof id === 'string' && answers[k]?.role === 'tool' && answers[k].tool_call_id === id)
    );
  });
}

function roles(messages: readonly (Message | WireMessage)[]): string[] {
  return messages.map((m) => ('role' in m ? m.role : m.messageType));
}

describe(MessageChatMemoryAdvisor, () => {
  let server: OpenAiWireServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function setUp(script: WireScriptStep[], options: { system?: boolean; returnDirect?: boolean } = {}) {
    server = await OpenAiWireServer.start({ script });
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'test-key', maxRetries: 0 });
    const chatMemory = MessageWindowChatMemory.builder().build();
    const lookup = recordingTool('lookup', (input) => `${String(input.id)} shipped`, options.returnDirect);
    const label = recordingTool('label', (input) => `LABEL-${String(input.id)}`, options.returnDirect);
    const getLatestVersion = recordingTool('getLatestVersion', () => '2.1.0');
    const memory = MessageChatMemoryAdvisor.builder(chatMemory)
      .order(ToolCallingAdvisor.DEFAULT_ORDER + 1)
      .build();
    let builder = ChatClient.builder(model).defaultTools(lookup, label, getLatestVersion).defaultAdvisors(memory);
    if (options.system === true) builder = builder.defaultSystem(SYSTEM_TEXT);
    return { server, client: builder.build(), chatMemory, lookup, label, getLatestVersion };
  }

  async function ask(client: ChatClient, path: Path, text = QUESTION): Promise<string> {
    const spec = client.prompt(text).advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c-1'));
    if (path === 'call') return spec.call().content();
    let answer = '';
    for await (const piece of spec.stream().content()) answer += piece;
    return answer;
  }

  describe.each(PATHS)('inside the tool loop, on .%s()', (path) => {
    describe('when a tool call id is whitespace only', () => {
      it.each([
        ['without a system message', false],
        ['with a system message', true],
      ])(
        'should send the user message, the call and its result under one synthesized id in the next request (%s)',
        async (_label, system) => {
          const { server, client, chatMemory, lookup } = await setUp(
            [
              chatCompletion({ toolCalls: [{ id: '   ', name: 'lookup', arguments: { id: 'A1' } }] }),
              chatCompletion({ content: 'A1 has shipped.' }),
            ],
            { system },
          );

          expect(await ask(client, path)).toBe('A1 has shipped.');

          expect(lookup.records.map((r) => r.input)).toEqual([{ id: 'A1' }]);
          const second = server.requests[1].messages;
          expect(roles(second)).toEqual([...(system ? ['system'] : []), 'user', 'assistant', 'tool']);
          expect(second.find((m) => m.role === 'user')?.content).toBe(QUESTION);
          const id = second.find((m) => m.role === 'assistant')?.tool_calls?.[0].id;
          expect(id).toMatch(/^call_[0-9a-f]{32}$/);
          expect(second.find((m) => m.role === 'tool')).toEqual({
            role: 'tool',
            tool_call_id: id,
            content: '"A1 shipped"',
          });
          const stored = await chatMemory.get('c-1');
          expect(roles(stored)).toEqual(['user', 'assistant', 'tool', 'assistant']);
          expect((stored[1] as AssistantMessage).toolCalls[0].id).toBe(id);
          expect((stored[2] as ToolResponseMessage).responses[0].id).toBe(id);
        },
      );
    });

    describe('when a response has a call with an empty id and one without an id (08-empty-tool-call-id)', () => {
      it('should store and replay both calls under the ids their results were sent under', async () => {
        const { server, client, chatMemory, getLatestVersion } = await setUp([
          fixture('08-empty-tool-call-id.json'),
          chatCompletion({ content: '2.1.0' }),
          chatCompletion({ content: 'You asked for the latest version.' }),
        ]);

        await ask(client, path);
        await ask(client, path, 'What did I ask?');

        expect(getLatestVersion.records).toHaveLength(2);
        const [, second, third] = server.requests;
        for (const request of [second, third]) {
          expect(request.messages[0]).toEqual({ role: 'user', content: QUESTION });
          expect(everyCallAnsweredOnce(request)).toBe(true);
        }
        const ids = second.messages[1].tool_calls?.map((c) => c.id);
        expect(ids).toEqual([
          expect.stringMatching(/^call_[0-9a-f]{32}$/),
          expect.stringMatching(/^call_[0-9a-f]{32}$/),
        ]);
        expect(third.messages[1].tool_calls?.map((c) => c.id)).toEqual(ids);
        const stored = await chatMemory.get('c-1');
        expect((stored[1] as AssistantMessage).toolCalls.map((c) => c.id)).toEqual(ids);
        expect((stored[2] as ToolResponseMessage).responses.map((r) => r.id)).toEqual(ids);
      });
    });

    describe('when two calls of a response share an id', () => {
      it('should send both calls and both results, each under its own id, and store them so', async () => {
        const { server, client, chatMemory, lookup, label } = await setUp([
          chatCompletion({
            toolCalls: [
              { id: 'call_1', name: 'lookup', arguments: { id: 'A1' } },
              { id: 'call_1', name: 'label', arguments: { id: 'A1' } },
            ],
          }),
          chatCompletion({ content: 'Shipped and labelled.' }),
          chatCompletion({ content: 'You asked about A1.' }),
        ]);

        await ask(client, path);
        await ask(client, path, 'What did I ask?');

        expect(lookup.records).toHaveLength(1);
        expect(label.records).toHaveLength(1);
        for (const request of server.requests.slice(1)) {
          expect(everyCallAnsweredOnce(request)).toBe(true);
          expect(request.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual([
            '"A1 shipped"',
            '"LABEL-A1"',
          ]);
          expect(request.messages[0]).toEqual({ role: 'user', content: QUESTION });
        }
        expect(roles(await chatMemory.get('c-1'))).toEqual([
          'user',
          'assistant',
          'tool',
          'assistant',
          'user',
          'assistant',
        ]);
      });
    });

    // 13: a second, empty choice used to drop the call and its result from the request and from memory.
    describe('when a tool-call response has a second, empty choice', () => {
      it('should send and store the call of the first choice with its result, and no empty assistant message', async () => {
        const { server, client, chatMemory, lookup } = await setUp([
          withEmptySecondChoice(
            chatCompletion({ toolCalls: [{ id: 'call_a', name: 'lookup', arguments: { id: 'A1' } }] }),
          ),
          chatCompletion({ content: 'A1 has shipped.' }),
          chatCompletion({ content: 'You asked about A1.' }),
        ]);

        expect(await ask(client, path)).toBe('A1 has shipped.');
        await ask(client, path, 'What did I ask?');

        expect(lookup.records).toHaveLength(1);
        const toolCallMessage = {
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'lookup', arguments: '{"id":"A1"}' } }],
        };
        const toolMessage = { role: 'tool', tool_call_id: 'call_a', content: '"A1 shipped"' };
        expect(server.requests[1].messages).toEqual([
          { role: 'user', content: QUESTION },
          toolCallMessage,
          toolMessage,
        ]);
        expect(server.requests[2].messages).toEqual([
          { role: 'user', content: QUESTION },
          toolCallMessage,
          toolMessage,
          { role: 'assistant', content: 'A1 has shipped.' },
          { role: 'user', content: 'What did I ask?' },
        ]);
        expect(roles(await chatMemory.get('c-1'))).toEqual([
          'user',
          'assistant',
          'tool',
          'assistant',
          'user',
          'assistant',
        ]);
      });
    });

    // 10: a turn answered by returnDirect tools stored nothing.
    describe('when every tool of the round is returnDirect', () => {
      it('should answer with every result and store the turn, which the next turn replays', async () => {
        const { server, client, chatMemory } = await setUp(
          [
            chatCompletion({
              toolCalls: [
                { id: 'call_l', name: 'lookup', arguments: { id: 'A1' } },
                { id: 'call_p', name: 'label', arguments: { id: 'A1' } },
              ],
            }),
            chatCompletion({ content: 'Both done.' }),
          ],
          { returnDirect: true },
        );

        expect(await ask(client, path)).toBe('"A1 shipped"\n"LABEL-A1"');
        expect(server.requests).toHaveLength(1);
        const stored = await chatMemory.get('c-1');
        expect(roles(stored)).toEqual(['user', 'assistant', 'tool', 'assistant']);
        expect((stored[2] as ToolResponseMessage).responses.map((r) => r.id)).toEqual(['call_l', 'call_p']);
        expect((stored[3] as AssistantMessage).text).toBe('"A1 shipped"\n"LABEL-A1"');

        await ask(client, path, 'And now?');
        expect(roles(server.requests[1].messages)).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant', 'user']);
        expect(everyCallAnsweredOnce(server.requests[1])).toBe(true);
      });
    });
  });
});
