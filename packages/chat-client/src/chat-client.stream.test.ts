import {
  type ChatResponse,
  FunctionToolCallback,
  SystemMessage,
  ToolResponseMessage,
  type Usage,
} from '@sprout-ai/core';
import { ScriptedChatModel, assistantText, assistantToolCalls } from '@sprout-ai/test';
import { recordingTool } from './__fixtures__/tools';
import type { Advisor } from './advisor/api/advisor';
import { MEMORY_ADVISOR, type MemoryAdvisor } from './advisor/api/memory-advisor';
import { HIGHEST_PRECEDENCE } from './advisor/api/ordered';
import type { StreamAdvisor } from './advisor/api/stream-advisor';
import { ToolCallingAdvisor } from './advisor/tool-calling-advisor';
import { AdvisorParams } from './advisor-params';
import { ChatClient } from './chat-client';
import { TOOL_CALLING_ADVISOR_AUTO_REGISTER } from './chat-client-attributes';
import type { ChatClientRequest } from './chat-client-request';
import type { ChatClientResponse } from './chat-client-response';
import { MultipleToolAdvisorsError } from './multiple-tool-advisors-error';
import type { ChatClientStreamEvent } from './stream/chat-client-stream-event';

const usage = (promptTokens: number, completionTokens: number): Usage => ({
  promptTokens,
  completionTokens,
  totalTokens: promptTokens + completionTokens,
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

async function text(items: AsyncIterable<string>): Promise<string> {
  return (await collect(items)).join('');
}

/** Counts how many advisors its builders build. */
class CountingAdvisor extends ToolCallingAdvisor {
  static built = 0;
  constructor(...args: ConstructorParameters<typeof ToolCallingAdvisor>) {
    super(...args);
    CountingAdvisor.built += 1;
  }
}

describe(ChatClient, () => {
  beforeEach(() => {
    CountingAdvisor.built = 0;
  });

  describe('.stream', () => {
    describe('when a tool is still running', () => {
      it('should deliver its tool-call event at once, not with the next chunk', async () => {
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        const waiting = FunctionToolCallback.builder('waitForUi', () => released.then(() => 'released'))
          .inputSchema({ type: 'object', properties: {} })
          .build();
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'waitForUi' }]), assistantText('done')]);
        const seen: string[] = [];

        // The tool only answers once the consumer has seen its start: events held back until the
        // next chunk would never arrive.
        for await (const event of ChatClient.create(model).prompt('go').tools(waiting).stream().events()) {
          seen.push(event.type);
          if (event.type === 'tool-call') release();
        }

        expect(seen).toEqual([
          'tool-call-start',
          'tool-call-delta',
          'tool-call',
          'tool-result',
          'text-delta',
          'finish',
        ]);
      });
    });

    describe('when no ToolAdvisor is configured', () => {
      it('should add a fresh ToolCallingAdvisor per request, once per spec, that runs the tools', async () => {
        const tool = recordingTool('lookup');
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'lookup' }]),
          assistantText('a'),
          assistantText('b'),
          assistantText('c'),
        ]);
        const client = ChatClient.create(model, { toolCallingAdvisorBuilder: CountingAdvisor.builder() });

        const spec = client.prompt('hi').tools(tool);
        expect(await text(spec.stream().content())).toBe('a');
        expect(await text(spec.stream().content())).toBe('b');
        expect(CountingAdvisor.built).toBe(1);
        expect(tool.records).toHaveLength(1);

        expect(await text(client.prompt('again').stream().content())).toBe('c');
        expect(CountingAdvisor.built).toBe(2);
      });

      it('should disable conversation history only for a memory advisor ordered inside the loop', async () => {
        const memory = (order: number): MemoryAdvisor & StreamAdvisor => ({
          [MEMORY_ADVISOR]: true,
          name: `memory@${order}`,
          order,
          adviseStream: (request, chain) => chain.nextStream(request),
        });
        const secondRound = async (advisor: Advisor) => {
          const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }]), assistantText('done')]);
          const client = ChatClient.builder(model).defaultTools(recordingTool('lookup')).build();
          expect(await text(client.prompt('hi').advisors(advisor).stream().content())).toBe('done');
          return model.prompts[1].instructions;
        };

        const inside = await secondRound(memory(ToolCallingAdvisor.DEFAULT_ORDER + 1));
        expect(inside).toHaveLength(2);
        expect(inside[0]).toEqual(new SystemMessage(''));
        expect(inside[1]).toBeInstanceOf(ToolResponseMessage);
        expect(await secondRound(memory(ToolCallingAdvisor.DEFAULT_ORDER))).toHaveLength(3);
      });
    });

    describe('when auto-registration is switched off', () => {
      it('should stream the tool calls to the caller without executing them', async () => {
        const tool = recordingTool('lookup');
        const model = new ScriptedChatModel([assistantToolCalls([{ id: 'c1', name: 'lookup' }])]);
        const client = ChatClient.builder(model).defaultTools(tool).build();

        const chunks = await collect(
          client.prompt('hi').advisors(AdvisorParams.toolCallingAdvisorAutoRegister(false)).stream().chatResponse(),
        );

        const last = chunks[chunks.length - 1];
        expect(last.result?.output.toolCalls.map((c) => [c.id, c.name])).toEqual([['c1', 'lookup']]);
        expect(last.result?.metadata.finishReason).toBe('tool_calls');
        expect(tool.records).toHaveLength(0);
        expect(model.prompts).toHaveLength(1);
      });

      it('should only accept the boolean false', async () => {
        const tool = recordingTool('lookup');
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }]), assistantText('done')]);
        const client = ChatClient.builder(model).defaultTools(tool).build();

        const answer = await text(
          client
            .prompt('hi')
            .advisors((spec) => spec.param(TOOL_CALLING_ADVISOR_AUTO_REGISTER, 'false'))
            .stream()
            .content(),
        );

        expect(answer).toBe('done');
        expect(tool.records).toHaveLength(1);
      });
    });

    describe('when a ToolCallingAdvisor subclass overriding the stream hooks is passed as an advisor', () => {
      it('should run that advisor and add no other', async () => {
        const trace: string[] = [];
        class AuditingAdvisor extends ToolCallingAdvisor {
          protected override doBeforeStream(request: ChatClientRequest): ChatClientRequest {
            trace.push(`before:${request.prompt.instructions.length}`);
            return request;
          }
          protected override doAfterStream(response: ChatClientResponse): ChatClientResponse {
            trace.push(`after:${String(response.chatResponse?.hasToolCalls())}`);
            return response;
          }
          protected override async *doFinalizeLoopStream(
            trailing: AsyncIterable<ChatClientResponse>,
          ): AsyncIterable<ChatClientResponse> {
            trace.push('finalize');
            yield* trailing;
          }
        }
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }]), assistantText('done')]);
        const client = ChatClient.create(model, { toolCallingAdvisorBuilder: CountingAdvisor.builder() });

        const answer = await text(
          client
            .prompt('hi')
            .tools(recordingTool('lookup'))
            .advisors(AuditingAdvisor.builder().build())
            .stream()
            .content(),
        );

        expect(answer).toBe('done');
        expect(trace).toEqual(['before:1', 'after:true', 'before:3', 'after:false', 'finalize']);
        expect(CountingAdvisor.built).toBe(0);
      });
    });

    describe('when two ToolAdvisors are in the chain', () => {
      it('should reject the stream naming both, before calling the model', async () => {
        const model = new ScriptedChatModel([assistantText('never')]);
        const client = ChatClient.builder(model)
          .defaultAdvisors(ToolCallingAdvisor.builder().advisorOrder(1).build())
          .build();

        const stream = client.prompt('hi').advisors(new ToolCallingAdvisor()).stream().content();

        await expect(collect(stream)).rejects.toBeInstanceOf(MultipleToolAdvisorsError);
        await expect(collect(stream)).rejects.toThrow(
          `At most one ToolAdvisor is allowed in the advisor chain, but found 2: [Tool Calling Advisor (order=1), Tool Calling Advisor (order=${HIGHEST_PRECEDENCE + 300})]`,
        );
        expect(model.prompts).toHaveLength(0);
      });
    });

    describe('when the tool loop ends early', () => {
      it('should stream the returnDirect result as the content and finish with the usage of the turn', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ id: 'c1', name: 'label', arguments: { id: 'A1' } }], { usage: usage(4, 2) }),
        ]);
        const client = ChatClient.builder(model)
          .defaultTools(recordingTool('label', (input) => `LABEL-${String(input.id)}`, true))
          .build();

        const events = await collect(client.prompt('Print a label').stream().events());

        expect(events.filter((e) => e.type === 'text-delta')).toEqual([{ type: 'text-delta', text: '"LABEL-A1"' }]);
        expect(events[events.length - 1]).toMatchObject({
          type: 'finish',
          finishReason: 'returnDirect',
          usage: usage(4, 2),
        });
        expect(model.prompts).toHaveLength(1);
      });
    });

    describe('when the stream is iterated twice', () => {
      it('should send the request again, running the whole tool loop with usage counted afresh', async () => {
        const tool = recordingTool('lookup');
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'lookup' }], { usage: usage(10, 20) }),
          assistantText('first', { usage: usage(1, 2) }),
          assistantToolCalls([{ name: 'lookup' }], { usage: usage(10, 20) }),
          assistantText('second', { usage: usage(1, 2) }),
        ]);
        const client = ChatClient.builder(model).defaultTools(tool).build();
        const events = client.prompt('hi').stream().events();

        const finishOf = async (): Promise<ChatClientStreamEvent | undefined> => (await collect(events)).pop();
        const first = await finishOf();
        const second = await finishOf();

        expect(first).toMatchObject({ type: 'finish', finishReason: 'stop', usage: usage(11, 22) });
        expect(second).toMatchObject({ type: 'finish', finishReason: 'stop', usage: usage(11, 22) });
        expect(tool.records).toHaveLength(2);
        expect(model.prompts).toHaveLength(4);
        expect(model.prompts[2].instructions).toHaveLength(1);
      });

      it.each([
        ['content', (spec: ReturnType<ReturnType<ChatClient['prompt']>['stream']>) => spec.content()],
        ['chatResponse', (spec: ReturnType<ReturnType<ChatClient['prompt']>['stream']>) => spec.chatResponse()],
        [
          'chatClientResponse',
          (spec: ReturnType<ReturnType<ChatClient['prompt']>['stream']>) => spec.chatClientResponse(),
        ],
      ])('should replay through %s()', async (_label, pick) => {
        const model = new ScriptedChatModel([assistantText('one'), assistantText('two')]);
        const stream: AsyncIterable<unknown> = pick(ChatClient.create(model).prompt('hi').stream());

        expect((await collect(stream)).length).toBeGreaterThan(0);
        expect((await collect(stream)).length).toBeGreaterThan(0);
        expect(model.prompts).toHaveLength(2);
      });
    });

    describe('when advisors surround the tool loop', () => {
      it('should stream outer advisors once per turn and inner ones once per round', async () => {
        const log: string[] = [];
        const logging = (name: string, order: number): StreamAdvisor => ({
          name,
          order,
          adviseStream: (request, chain) => {
            log.push(name);
            return chain.nextStream(request);
          },
        });
        const model = new ScriptedChatModel([assistantToolCalls([{ name: 'lookup' }]), assistantText('done')]);
        const client = ChatClient.builder(model)
          .defaultTools(recordingTool('lookup'))
          .defaultAdvisors(logging('inner', 0))
          .build();

        const chunks: ChatResponse[] = await collect(
          client.prompt('hi').advisors(logging('outer', HIGHEST_PRECEDENCE)).stream().chatResponse(),
        );

        expect(chunks.map((c) => c.result?.output.text ?? '').join('')).toBe('done');
        expect(log).toEqual(['outer', 'inner', 'inner']);
      });
    });
  });
});
