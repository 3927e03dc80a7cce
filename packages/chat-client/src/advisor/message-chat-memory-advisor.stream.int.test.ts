import {
  AssistantMessage,
  CHAT_MEMORY_CONVERSATION_ID,
  type Message,
  MessageWindowChatMemory,
  ToolResponseMessage,
  UserMessage,
} from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, type WireScriptStep, chatCompletion, sseFromChatCompletion } from '@sprout-ai/test';
import { recordingTool } from '../__fixtures__/tools';
import { ChatClient } from '../chat-client';
import type { ChatClientStreamEvent } from '../stream/chat-client-stream-event';
import { isStreamAdvisor } from './api/stream-advisor';
import { MessageChatMemoryAdvisor } from './message-chat-memory-advisor';
import { ToolCallingAdvisor } from './tool-calling-advisor';

const SYSTEM = { role: 'system', content: 'You are the order desk.' };
const RAW_ARGUMENTS = '{"id": "A1"}';
const RAW_ARGUMENTS_2 = '{"id":"B2"}';
const INSIDE = ToolCallingAdvisor.DEFAULT_ORDER + 1;

/** A stream that sends the first pieces of an answer, then an event that is not JSON. */
function brokenStream(): WireScriptStep {
  const events = sseFromChatCompletion(chatCompletion({ content: 'This answer never ends' }))
    .split('\n\n')
    .filter((event) => event !== '');
  return { sse: `${events.slice(0, 3).join('\n\n')}\n\ndata: {not json\n\n` };
}

describe(MessageChatMemoryAdvisor, () => {
  let server: OpenAiWireServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function setUp(script: WireScriptStep[], order?: number) {
    server = await OpenAiWireServer.start({ script });
    const model = new OpenAiChatModel({
      baseUrl: server.baseUrl,
      apiKey: 'test-key',
      defaultOptions: { model: 'gpt-4o-mini' },
      maxRetries: 0,
    });
    const chatMemory = MessageWindowChatMemory.builder().build();
    const lookup = recordingTool('lookup', (input) => ({ id: input.id, status: 'shipped' }));
    const builder = MessageChatMemoryAdvisor.builder(chatMemory);
    const advisor = (order === undefined ? builder : builder.order(order)).build();
    const client = ChatClient.builder(model)
      .defaultSystem('You are the order desk.')
      .defaultTools(lookup)
      .defaultAdvisors(advisor)
      .build();
    return { server, client, chatMemory, lookup };
  }

  /** One `.stream()` turn; the answer is what `.content()` printed, the events what `.events()` reported. */
  async function streamTurn(
    client: ChatClient,
    text: string,
    conversationId = 'c-1',
  ): Promise<{ answer: string; events: ChatClientStreamEvent[] }> {
    const events: ChatClientStreamEvent[] = [];
    const stream = client
      .prompt(text)
      .advisors((spec) => spec.param(CHAT_MEMORY_CONVERSATION_ID, conversationId))
      .stream()
      .events();
    for await (const event of stream) events.push(event);
    const answer = events.map((event) => (event.type === 'text-delta' ? event.text : '')).join('');
    return { answer, events };
  }

  /** Consumes a `.stream()` turn, returning the text that arrived before it failed, and the error. */
  async function failingTurn(client: ChatClient, text: string): Promise<{ received: string; error: unknown }> {
    let received = '';
    try {
      const stream = client
        .prompt(text)
        .advisors((spec) => spec.param(CHAT_MEMORY_CONVERSATION_ID, 'c-1'))
        .stream()
        .content();
      for await (const piece of stream) received += piece;
    } catch (error) {
      return { received, error };
    }
    throw new Error(`the turn did not fail; it streamed ${JSON.stringify(received)}`);
  }

  describe('.adviseStream', () => {
    it('should make the advisor a StreamAdvisor, so .stream() does not leave it out', () => {
      expect(isStreamAdvisor(MessageChatMemoryAdvisor.builder(new MessageWindowChatMemory()).build())).toBe(true);
    });

    describe('when it sits outside the tool loop (default order)', () => {
      it('should store the user message and the final answer only, and send them in the second turn', async () => {
        const { server, client, chatMemory } = await setUp([
          chatCompletion({
            content: 'Let me check. ',
            toolCalls: [{ id: 'call_1', name: 'lookup', arguments: RAW_ARGUMENTS }],
          }),
          chatCompletion({ content: 'A1 has shipped.' }),
          chatCompletion({ content: 'You asked about A1.' }),
        ]);

        const first = await streamTurn(client, 'Where is A1?');
        const second = await streamTurn(client, 'What did I ask about?');

        // the user saw the text of every round, and the tool events still reached .events()
        expect(first.answer).toBe('Let me check. A1 has shipped.');
        expect(first.events.map((event) => event.type)).toEqual(expect.arrayContaining(['tool-call', 'tool-result']));
        expect(second.answer).toBe('You asked about A1.');
        expect(server.requests.map((request) => request.stream)).toEqual([true, true, true]);
        expect(server.requests[2].messages).toEqual([
          SYSTEM,
          { role: 'user', content: 'Where is A1?' },
          { role: 'assistant', content: 'A1 has shipped.' },
          { role: 'user', content: 'What did I ask about?' },
        ]);
        const stored = await chatMemory.get('c-1');
        expect(stored.map(summary)).toEqual([
          'user:Where is A1?',
          'assistant:A1 has shipped.',
          'user:What did I ask about?',
          'assistant:You asked about A1.',
        ]);
        expect(stored.filter((m) => m instanceof AssistantMessage && m.hasToolCalls())).toEqual([]);
      });

      it('should store nothing of a stream that fails mid-way, and the next turn should send the previous state', async () => {
        const { server, client, chatMemory } = await setUp([
          chatCompletion({ content: 'Hi, how can I help?' }),
          brokenStream(),
          chatCompletion({ content: 'A1 has shipped.' }),
        ]);
        await streamTurn(client, 'Hello');
        const before = await chatMemory.get('c-1');

        const failed = await failingTurn(client, 'Where is A1?');

        expect(failed.received).not.toBe('');
        expect(String(failed.error)).toMatch(/not a JSON chat\.completion\.chunk/);
        expect(await chatMemory.get('c-1')).toEqual(before);
        expect(before.map(summary)).toEqual(['user:Hello', 'assistant:Hi, how can I help?']);

        await streamTurn(client, 'Where is A1, please?');
        expect(server.requests[2].messages).toEqual([
          SYSTEM,
          { role: 'user', content: 'Hello' },
          { role: 'assistant', content: 'Hi, how can I help?' },
          { role: 'user', content: 'Where is A1, please?' },
        ]);
      });
    });

    describe('when it sits inside the tool loop (order above the ToolCallingAdvisor)', () => {
      it('should store each tool-call message with its tool responses and the final text as its own assistant message, each once', async () => {
        const { server, client, chatMemory, lookup } = await setUp(
          [
            chatCompletion({
              content: 'Let me check.',
              toolCalls: [{ id: 'call_1', name: 'lookup', arguments: RAW_ARGUMENTS }],
            }),
            chatCompletion({ toolCalls: [{ id: 'call_2', name: 'lookup', arguments: RAW_ARGUMENTS_2 }] }),
            chatCompletion({ content: 'A1 and B2 have shipped.' }),
            chatCompletion({ content: 'You asked about A1 and B2.' }),
          ],
          INSIDE,
        );

        expect((await streamTurn(client, 'Where are A1 and B2?')).answer).toBe('Let me check.A1 and B2 have shipped.');
        expect(lookup.records.map((record) => record.input)).toEqual([{ id: 'A1' }, { id: 'B2' }]);

        const stored = await chatMemory.get('c-1');
        expect(stored.map(summary)).toEqual([
          'user:Where are A1 and B2?',
          'assistant:Let me check.',
          'tool:call_1',
          'assistant:',
          'tool:call_2',
          'assistant:A1 and B2 have shipped.',
        ]);
        const [, firstCall, firstResult, secondCall, secondResult, answer] = stored;
        expect((firstCall as AssistantMessage).toolCalls).toEqual([
          expect.objectContaining({ id: 'call_1', name: 'lookup', arguments: RAW_ARGUMENTS }),
        ]);
        expect((firstResult as ToolResponseMessage).responses).toEqual([
          { id: 'call_1', name: 'lookup', responseData: '{"id":"A1","status":"shipped"}' },
        ]);
        expect((secondCall as AssistantMessage).toolCalls).toEqual([
          expect.objectContaining({ id: 'call_2', name: 'lookup', arguments: RAW_ARGUMENTS_2 }),
        ]);
        expect((secondResult as ToolResponseMessage).responses).toEqual([
          { id: 'call_2', name: 'lookup', responseData: '{"id":"B2","status":"shipped"}' },
        ]);
        expect(answer).toBeInstanceOf(AssistantMessage);
        expect((answer as AssistantMessage).hasToolCalls()).toBe(false);

        await streamTurn(client, 'What did I ask about?');

        const call1 = {
          role: 'assistant',
          content: 'Let me check.',
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: RAW_ARGUMENTS } }],
        };
        const call2 = {
          role: 'assistant',
          tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'lookup', arguments: RAW_ARGUMENTS_2 } }],
        };
        const tool1 = { role: 'tool', tool_call_id: 'call_1', content: '{"id":"A1","status":"shipped"}' };
        const tool2 = { role: 'tool', tool_call_id: 'call_2', content: '{"id":"B2","status":"shipped"}' };
        const user1 = { role: 'user', content: 'Where are A1 and B2?' };
        // within turn 1 the loop forwards only the tool results; memory replays the turn, each message once
        expect(server.requests[1].messages).toHaveLength(4);
        expect(server.requests[1].messages).toMatchObject([SYSTEM, user1, call1, tool1]);
        expect(server.requests[2].messages).toHaveLength(6);
        expect(server.requests[2].messages).toMatchObject([SYSTEM, user1, call1, tool1, call2, tool2]);
        expect(server.requests[3].messages).toHaveLength(8);
        expect(server.requests[3].messages).toMatchObject([
          SYSTEM,
          user1,
          call1,
          tool1,
          call2,
          tool2,
          { role: 'assistant', content: 'A1 and B2 have shipped.' },
          { role: 'user', content: 'What did I ask about?' },
        ]);
        expect(server.requests[3].messages[6]).not.toHaveProperty('tool_calls');
        expect((await chatMemory.get('c-1')).map(summary).slice(6)).toEqual([
          'user:What did I ask about?',
          'assistant:You asked about A1 and B2.',
        ]);
      });

      it('should leave the previous state intact when the first round of a turn fails mid-stream', async () => {
        const { server, client, chatMemory } = await setUp(
          [
            chatCompletion({ toolCalls: [{ id: 'call_1', name: 'lookup', arguments: RAW_ARGUMENTS }] }),
            chatCompletion({ content: 'A1 has shipped.' }),
            brokenStream(),
            chatCompletion({ content: 'Still here.' }),
          ],
          INSIDE,
        );
        await streamTurn(client, 'Where is A1?');
        const before = await chatMemory.get('c-1');
        expect(before.map(summary)).toEqual([
          'user:Where is A1?',
          'assistant:',
          'tool:call_1',
          'assistant:A1 has shipped.',
        ]);

        const failed = await failingTurn(client, 'And now?');

        expect(failed.received).not.toBe('');
        expect(String(failed.error)).toMatch(/not a JSON chat\.completion\.chunk/);
        expect(await chatMemory.get('c-1')).toEqual(before);

        await streamTurn(client, 'Hello?');
        expect(server.requests[3].messages.map((m) => m.role)).toEqual([
          'system',
          'user',
          'assistant',
          'tool',
          'assistant',
          'user',
        ]);
        expect(server.requests[3].messages[5]).toEqual({ role: 'user', content: 'Hello?' });
      });

      it('should store nothing of the turn when a later round fails mid-stream: no tool group, no partial answer', async () => {
        const { server, client, chatMemory } = await setUp(
          [
            chatCompletion({ toolCalls: [{ id: 'call_1', name: 'lookup', arguments: RAW_ARGUMENTS }] }),
            brokenStream(),
            chatCompletion({ content: 'Sorry, where were we?' }),
          ],
          INSIDE,
        );

        const failed = await failingTurn(client, 'Where is A1?');

        expect(String(failed.error)).toMatch(/not a JSON chat\.completion\.chunk/);
        expect(await chatMemory.get('c-1')).toEqual([]);

        await streamTurn(client, 'Hello?');
        expect(server.requests[2].messages).toEqual([SYSTEM, { role: 'user', content: 'Hello?' }]);
      });
    });
  });
});

function summary(message: Message): string {
  if (message instanceof ToolResponseMessage) return `tool:${message.responses.map((r) => r.id).join(',')}`;
  if (message instanceof UserMessage) return `user:${message.text}`;
  return `${message.messageType}:${'text' in message ? message.text : ''}`;
}
