import { once } from 'node:events';
import {
  CHAT_MEMORY_CONVERSATION_ID,
  FunctionToolCallback,
  type Message,
  MessageWindowChatMemory,
  RequestAbortedError,
  ToolResponseMessage,
} from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import {
  OpenAiWireServer,
  type WireScriptStep,
  type WireStepFunction,
  chatCompletion,
  sseFromChatCompletion,
} from '@sprout-ai/test';
import { recordingTool } from '../__fixtures__/tools';
import { ChatClient } from '../chat-client';
import { MessageChatMemoryAdvisor } from './message-chat-memory-advisor';
import { ToolCallingAdvisor } from './tool-calling-advisor';

const SYSTEM = { role: 'system', content: 'You are the order desk.' };
const PREVIOUS_TURN = ['user:Hello', 'assistant:Hi, how can I help?'];
const PLACEMENTS = [
  ['outside the tool loop (default order)', undefined],
  ['inside the tool loop (order above the ToolCallingAdvisor)', ToolCallingAdvisor.DEFAULT_ORDER + 1],
] as const;

/** A step that holds its answer until the client closes the request, and calls `onArrival` when reached. */
function held(onArrival: () => void): WireStepFunction {
  return async (_body, _index, { signal }) => {
    onArrival();
    await once(signal, 'abort');
    return chatCompletion({ content: 'never sent' });
  };
}

/** A streamed answer that pauses after its role chunk and first text piece ('Your ord'). */
function heldStream(): WireScriptStep {
  return {
    sse: sseFromChatCompletion(chatCompletion({ content: 'Your order has shipped.' })),
    hold: { afterPieces: 2 },
  };
}

describe(MessageChatMemoryAdvisor, () => {
  let server: OpenAiWireServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A client with a memory advisor at `order`, a `lookup` tool, and a first turn ('Hello') already done. */
  async function afterOneTurn(script: WireScriptStep[], order: number | undefined) {
    server = await OpenAiWireServer.start({ script: [chatCompletion({ content: 'Hi, how can I help?' }), ...script] });
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'test-key', maxRetries: 0 });
    const chatMemory = MessageWindowChatMemory.builder().build();
    const builder = MessageChatMemoryAdvisor.builder(chatMemory);
    const lookup = recordingTool('lookup', (input) => ({ id: input.id, status: 'shipped' }));
    const slowLookup = stuckTool('slowLookup');
    const client = ChatClient.builder(model)
      .defaultSystem('You are the order desk.')
      .defaultTools(lookup, slowLookup.callback)
      .defaultAdvisors((order === undefined ? builder : builder.order(order)).build())
      .build();
    const turn = (text: string, signal?: AbortSignal) => {
      const spec = client.prompt(text).advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c-1'));
      return signal === undefined ? spec : spec.abortSignal(signal);
    };
    await turn('Hello').call().content();
    return {
      server,
      chatMemory,
      lookup,
      slowLookup: slowLookup.probe,
      turn,
      stored: async () => (await chatMemory.get('c-1')).map(summary),
    };
  }

  describe('.adviseCall', () => {
    describe.each(PLACEMENTS)('when it sits %s', (_placement, order) => {
      describe('when the turn is aborted while a tool runs', () => {
        it('should abort the tool’s signal, reject with AbortError at once, send no further request, and keep the previous turn', async () => {
          const controller = new AbortController();
          const { server, lookup, slowLookup, turn, stored } = await afterOneTurn(
            [
              chatCompletion({
                toolCalls: [
                  { id: 'call_1', name: 'lookup', arguments: '{"id":"A1"}' },
                  { id: 'call_2', name: 'slowLookup', arguments: '{"id":"B2"}' },
                ],
              }),
              chatCompletion({ content: 'never asked' }),
            ],
            order,
          );
          void slowLookup.started.then(() => controller.abort());

          const call = turn('Where are A1 and B2?', controller.signal).call().content();

          await expect(call).rejects.toBeInstanceOf(RequestAbortedError);
          await expect(call).rejects.toMatchObject({ name: 'AbortError' });
          expect(slowLookup.signal?.aborted).toBe(true);
          expect(lookup.records).toHaveLength(1);
          expect(server.requests).toHaveLength(2);
          expect(await stored()).toEqual(PREVIOUS_TURN);
        });
      });

      describe('when the turn is aborted during its model request', () => {
        it('should reject with AbortError, close the HTTP request, and keep exactly the previous turn', async () => {
          const controller = new AbortController();
          const { server, turn, stored } = await afterOneTurn(
            [held(() => controller.abort()), chatCompletion({ content: 'Sure.' })],
            order,
          );

          const call = turn('Where is A1?', controller.signal).call().content();

          await expect(call).rejects.toBeInstanceOf(RequestAbortedError);
          await expect(call).rejects.toMatchObject({ name: 'AbortError' });
          await expect(server.recordedRequests[1].ended).resolves.toBe('closed-by-client');
          expect(await stored()).toEqual(PREVIOUS_TURN);
          await turn('Anyone there?').call().content();
          expect(server.requests[2].messages).toEqual([
            SYSTEM,
            { role: 'user', content: 'Hello' },
            { role: 'assistant', content: 'Hi, how can I help?' },
            { role: 'user', content: 'Anyone there?' },
          ]);
        });
      });

      describe('when the turn is aborted during the model request that follows a tool round', () => {
        it('should keep exactly the previous turn: no tool-call group of the aborted turn', async () => {
          const controller = new AbortController();
          const { server, lookup, turn, stored } = await afterOneTurn(
            [
              chatCompletion({ toolCalls: [{ id: 'call_1', name: 'lookup', arguments: '{"id":"A1"}' }] }),
              held(() => controller.abort()),
            ],
            order,
          );

          const call = turn('Where is A1?', controller.signal).call().content();

          await expect(call).rejects.toMatchObject({ name: 'AbortError' });
          expect(lookup.records).toHaveLength(1);
          await expect(server.recordedRequests[2].ended).resolves.toBe('closed-by-client');
          expect(await stored()).toEqual(PREVIOUS_TURN);
        });
      });

      describe('when the signal is aborted before the turn', () => {
        it('should send nothing and keep exactly the previous turn', async () => {
          const { server, turn, stored } = await afterOneTurn([], order);

          await expect(turn('Where is A1?', AbortSignal.abort()).call().content()).rejects.toMatchObject({
            name: 'AbortError',
          });

          expect(server.requests).toHaveLength(1);
          expect(await stored()).toEqual(PREVIOUS_TURN);
        });
      });

      describe('when the signal aborts after the answer', () => {
        it('should change nothing: the answer is returned and the turn stored', async () => {
          const controller = new AbortController();
          const { turn, stored } = await afterOneTurn([chatCompletion({ content: 'A1 has shipped.' })], order);

          const answer = await turn('Where is A1?', controller.signal).call().content();
          controller.abort();

          expect(answer).toBe('A1 has shipped.');
          expect(await stored()).toEqual([...PREVIOUS_TURN, 'user:Where is A1?', 'assistant:A1 has shipped.']);
        });
      });
    });
  });

  describe('.adviseStream', () => {
    describe.each(PLACEMENTS)('when it sits %s', (_placement, order) => {
      describe('when the turn is aborted while a tool runs', () => {
        it('should abort the tool’s signal, end the stream with AbortError, send no further request, and keep the previous turn', async () => {
          const controller = new AbortController();
          const { server, slowLookup, turn, stored } = await afterOneTurn(
            [
              chatCompletion({ toolCalls: [{ id: 'call_2', name: 'slowLookup', arguments: '{"id":"B2"}' }] }),
              chatCompletion({ content: 'never asked' }),
            ],
            order,
          );
          void slowLookup.started.then(() => controller.abort());
          const seen: string[] = [];

          const consumed = (async () => {
            for await (const event of turn('Where is B2?', controller.signal).stream().events()) seen.push(event.type);
          })();

          await expect(consumed).rejects.toMatchObject({ name: 'AbortError' });
          expect(slowLookup.signal?.aborted).toBe(true);
          expect(seen).toContain('tool-call');
          expect(seen).not.toContain('tool-result');
          expect(server.requests).toHaveLength(2);
          expect(await stored()).toEqual(PREVIOUS_TURN);
        });
      });

      describe('when the turn is aborted mid-stream', () => {
        it('should throw AbortError after the text that arrived, close the HTTP request, and keep exactly the previous turn', async () => {
          const { server, turn, stored } = await afterOneTurn([heldStream()], order);
          const controller = new AbortController();
          let received = '';

          const consumed = (async () => {
            for await (const text of turn('Where is A1?', controller.signal).stream().content()) {
              received += text;
              controller.abort();
            }
          })();

          await expect(consumed).rejects.toBeInstanceOf(RequestAbortedError);
          await expect(consumed).rejects.toMatchObject({ name: 'AbortError' });
          expect(received).toBe('Your ord');
          await expect(server.recordedRequests[1].ended).resolves.toBe('closed-by-client');
          expect(await stored()).toEqual(PREVIOUS_TURN);
        });
      });

      describe('when the turn is aborted during the model request that follows a tool round', () => {
        it('should keep exactly the previous turn: no tool-call group of the aborted turn', async () => {
          const controller = new AbortController();
          const { server, lookup, turn, stored } = await afterOneTurn(
            [
              chatCompletion({ toolCalls: [{ id: 'call_1', name: 'lookup', arguments: '{"id":"A1"}' }] }),
              held(() => controller.abort()),
            ],
            order,
          );

          const consumed = (async () => {
            for await (const _event of turn('Where is A1?', controller.signal).stream().events());
          })();

          await expect(consumed).rejects.toMatchObject({ name: 'AbortError' });
          expect(lookup.records).toHaveLength(1);
          await expect(server.recordedRequests[2].ended).resolves.toBe('closed-by-client');
          expect(await stored()).toEqual(PREVIOUS_TURN);
        });
      });

      describe('when the signal aborts after the stream ended', () => {
        it('should change nothing: the whole answer arrived and the turn is stored', async () => {
          const controller = new AbortController();
          const { turn, stored } = await afterOneTurn([chatCompletion({ content: 'A1 has shipped.' })], order);

          let answer = '';
          for await (const text of turn('Where is A1?', controller.signal).stream().content()) answer += text;
          controller.abort();

          expect(answer).toBe('A1 has shipped.');
          expect(await stored()).toEqual([...PREVIOUS_TURN, 'user:Where is A1?', 'assistant:A1 has shipped.']);
        });
      });
    });
  });
});

/**
 * A tool that never answers on its own (it ignores its signal): `started` resolves when it is
 * called, `signal` is the signal it got.
 */
function stuckTool(name: string) {
  let markStarted!: () => void;
  const probe: { signal?: AbortSignal; readonly started: Promise<void> } = {
    started: new Promise<void>((resolve) => (markStarted = resolve)),
  };
  const callback = FunctionToolCallback.builder(name, (_input, context) => {
    probe.signal = context.signal;
    markStarted();
    return new Promise<string>(() => undefined);
  })
    .inputSchema({ type: 'object', properties: { id: { type: 'string' } } })
    .build();
  return { callback, probe };
}

function summary(message: Message): string {
  if (message instanceof ToolResponseMessage) return `tool:${message.responses.map((r) => r.id).join(',')}`;
  return `${message.messageType}:${'text' in message ? message.text : ''}`;
}
