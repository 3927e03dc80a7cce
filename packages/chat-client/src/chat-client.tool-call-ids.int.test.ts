import {
  AssistantMessage,
  CHAT_MEMORY_CONVERSATION_ID,
  InMemoryChatMemoryRepository,
  MessageWindowChatMemory,
  ToolResponseMessage,
  UserMessage,
} from '@sprout-ai/core';
import { OpenAiApiError, OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, type WireChatRequest, chatCompletion, errorOf } from '@sprout-ai/test';
import { recordingTool } from './__fixtures__/tools';
import { MessageChatMemoryAdvisor } from './advisor/message-chat-memory-advisor';
import { ToolCallingAdvisor } from './advisor/tool-calling-advisor';
import { ChatClient } from './chat-client';

/** Mistral's rule, as its API (and vLLM serving Mistral models) enforces it. */
const MISTRAL_IDS = /^[a-zA-Z0-9]{9}$/;
const OPENAI_ID = 'call_3f2b9c0d4e5f6a7b8c9d0e1f';
const ANTHROPIC_ID = 'toolu_01A09q90qw90lq917835lq9';

/** A conversation stored while another provider answered: its ids break Mistral's rule. */
function storedConversation() {
  const call = (id: string, orderId: string) => ({
    id,
    type: 'function',
    name: 'lookup',
    arguments: `{"id":"${orderId}"}`,
  });
  return [
    new UserMessage('Where are A1 and A2?'),
    new AssistantMessage('', [call(OPENAI_ID, 'A1'), call(ANTHROPIC_ID, 'A2')]),
    new ToolResponseMessage([
      { id: OPENAI_ID, name: 'lookup', responseData: '"A1 shipped"' },
      { id: ANTHROPIC_ID, name: 'lookup', responseData: '"A2 packed"' },
    ]),
    new AssistantMessage('A1 has shipped; A2 is packed.'),
  ];
}

/** The ids of each tool call and the tool_call_id of each tool message, in order. */
function idsOf(request: WireChatRequest): { calls: string[]; results: string[] } {
  return {
    calls: request.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => String(c.id))),
    results: request.messages.flatMap((m) => (m.role === 'tool' ? [String(m.tool_call_id)] : [])),
  };
}

describe(ChatClient, () => {
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function setUp(toolCallIdPattern: string | undefined) {
    server = await OpenAiWireServer.start({
      toolCallIdPattern: MISTRAL_IDS,
      script: [
        // The server's own id, and a call it sent without one (the loop synthesizes `call_…`).
        chatCompletion({
          toolCalls: [
            { id: 'B2lookup1', name: 'lookup', arguments: { id: 'B2' } },
            { id: '', name: 'lookup', arguments: { id: 'B3' } },
          ],
        }),
        chatCompletion({ content: 'B2 and B3 have shipped.' }),
        chatCompletion({ content: 'You asked about A1, A2, B2 and B3.' }),
      ],
    });
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'k', maxRetries: 0, toolCallIdPattern });
    const repository = new InMemoryChatMemoryRepository();
    await repository.saveAll('c-1', storedConversation());
    const memory = MessageChatMemoryAdvisor.builder(
      MessageWindowChatMemory.builder().chatMemoryRepository(repository).build(),
    )
      .order(ToolCallingAdvisor.DEFAULT_ORDER + 1)
      .build();
    const client = ChatClient.builder(model)
      .defaultTools(recordingTool('lookup', (input) => `${String(input.id)} shipped`))
      .defaultAdvisors(memory)
      .build();
    const ask = (text: string) =>
      client
        .prompt(text)
        .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c-1'))
        .call()
        .content();
    return { server, ask };
  }

  describe('when the server constrains tool-call ids (Mistral: ^[a-zA-Z0-9]{9}$)', () => {
    it('should fail with the server’s 400 when the model is not told the rule', async () => {
      const { ask } = await setUp(undefined);

      const error = await errorOf(ask('And B2?'), OpenAiApiError);

      expect(error.message).toContain(`Tool call id was "${OPENAI_ID}"`);
    });

    it('should send every id as the server accepts it, the same one for an id in every request, each result under its call’s id', async () => {
      const { server, ask } = await setUp('^[a-zA-Z0-9]{9}$');

      expect(await ask('And B2 and B3?')).toBe('B2 and B3 have shipped.');
      expect(await ask('What did I ask about?')).toBe('You asked about A1, A2, B2 and B3.');

      const [first, second, third] = server.requests.map(idsOf);
      for (const ids of [first, second, third]) {
        expect([...ids.calls, ...ids.results].every((id) => MISTRAL_IDS.test(id))).toBe(true);
        expect(ids.results).toEqual(ids.calls);
      }
      // The stored history's ids map to the same wire ids in every request of both turns.
      expect(second.calls.slice(0, 2)).toEqual(first.calls);
      expect(third.calls.slice(0, 2)).toEqual(first.calls);
      expect(new Set(first.calls).size).toBe(2);
      // The server's own id goes back as it came; the synthesized one is mapped the same way twice.
      expect(second.calls[2]).toBe('B2lookup1');
      expect(third.calls.slice(2)).toEqual(second.calls.slice(2));
    });
  });
});
