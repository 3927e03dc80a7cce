import {
  addUsage,
  buildReturnDirectGenerations,
  ChatResponse,
  createLogger,
  type Message,
  normalizeToolCalls,
  Prompt,
  ToolCallLimitExceededError,
  type ToolCallingChatOptions,
  type ToolCallingManager,
  type ToolExecutionEligibilityChecker,
  type ToolExecutionResult,
  ToolResponseMessage,
} from '@sprout-ai/core';
import { ChatClientRequest } from '../chat-client-request';
import { ChatClientResponse } from '../chat-client-response';
import { streamEventListenerOf } from '../stream/chat-client-stream-event';
import type { StreamAdvisor } from './api/stream-advisor';
import type { StreamAdvisorChain } from './api/stream-advisor-chain';
import { ChatClientMessageAggregator } from './chat-client-message-aggregator';
import { UsageAccumulator } from './usage-accumulator';

const logger = createLogger('ToolCallingAdvisor');

type MaybePromise<T> = T | Promise<T>;

/** The parts of a `ToolCallingAdvisor` the stream loop uses (its hooks bound to the advisor). */
export interface ToolCallingStreamLoop {
  readonly advisor: StreamAdvisor;
  readonly manager: ToolCallingManager;
  readonly checker: ToolExecutionEligibilityChecker;
  initialize(request: ChatClientRequest, chain: StreamAdvisorChain): MaybePromise<ChatClientRequest>;
  before(request: ChatClientRequest, chain: StreamAdvisorChain): MaybePromise<ChatClientRequest>;
  after(response: ChatClientResponse, chain: StreamAdvisorChain): MaybePromise<ChatClientResponse>;
  nextInstructions(
    request: ChatClientRequest,
    response: ChatClientResponse,
    result: ToolExecutionResult,
  ): MaybePromise<readonly Message[]>;
  nextOptions(
    options: ToolCallingChatOptions | undefined,
    request: ChatClientRequest,
    response: ChatClientResponse,
    result: ToolExecutionResult,
  ): MaybePromise<ToolCallingChatOptions | undefined>;
  finalize(trailing: AsyncIterable<ChatClientResponse>, chain: StreamAdvisorChain): AsyncIterable<ChatClientResponse>;
}

/**
 * Spring's stream algorithm of the tool-calling loop (see `ToolCallingAdvisor.adviseStream`):
 * each round streams the rest of the chain, passes every chunk on except those that carry tool
 * calls (text of a tool round is passed on), adds the previous rounds' usage to chunks that carry
 * usage, aggregates the round; when the aggregate asks for tools, its calls are normalized (ids,
 * repaired arguments), reported, executed, and the next round is streamed.
 *
 * @param loop - the advisor's manager, checker and hooks
 * @param request - the request as it reached the advisor
 * @param chain - the chain after the advisor
 * @returns the chunks of every round
 */
export async function* runToolCallingStream(
  loop: ToolCallingStreamLoop,
  request: ChatClientRequest,
  chain: StreamAdvisorChain,
): AsyncGenerator<ChatClientResponse> {
  const initialized = await loop.initialize(request, chain);
  const listener = streamEventListenerOf(initialized.context);
  let instructions: readonly Message[] = initialized.prompt.instructions;
  let fullTurnHistory: readonly Message[] = instructions;
  let options: ToolCallingChatOptions | undefined = initialized.prompt.options;
  const usage = new UsageAccumulator();

  for (let round = 1; ; round++) {
    let roundRequest = new ChatClientRequest(new Prompt(instructions, options), initialized.context);
    roundRequest = await loop.before(roundRequest, chain);
    options = roundRequest.prompt.options;

    const previous = usage.accumulatedUsage;
    const aggregator = new ChatClientMessageAggregator();
    for await (const chunk of chain.copy(loop.advisor).nextStream(roundRequest)) {
      aggregator.add(chunk);
      const chatResponse = chunk.chatResponse;
      if (chatResponse !== undefined && loop.checker(chatResponse)) continue;
      const chunkUsage = chatResponse?.metadata.usage;
      if (
        chatResponse !== undefined &&
        previous !== undefined &&
        chunkUsage !== undefined &&
        chunkUsage.totalTokens > 0
      ) {
        yield chunk.with({
          chatResponse: chatResponse.with({
            metadata: { ...chatResponse.metadata, usage: addUsage(previous, chunkUsage) },
          }),
        });
      } else {
        yield chunk;
      }
    }

    let aggregated = aggregator.result();
    if (aggregated === undefined) return;
    aggregated = await loop.after(aggregated, chain);
    usage.addRoundResponse(aggregated.chatResponse);
    const chatResponse = aggregated.chatResponse;

    if (chatResponse === undefined || !loop.checker(chatResponse)) {
      const total = usage.accumulatedUsage;
      const own = chatResponse?.metadata.usage;
      const trailing: ChatClientResponse[] = [];
      if (total !== undefined && (own === undefined || own.totalTokens === 0)) {
        trailing.push(
          aggregated.with({ chatResponse: new ChatResponse([], { ...chatResponse?.metadata, usage: total }) }),
        );
      }
      yield* loop.finalize(fromArray(trailing), chain);
      return;
    }

    logger.debug({ round }, 'model asked for tools (stream)');
    const normalized = chatResponse.with({
      results: chatResponse.results.map((g) => ({ ...g, output: normalizeToolCalls(g.output) })),
    });
    aggregated = aggregated.with({ chatResponse: normalized });
    if (listener) {
      for (const toolCall of normalized.results.find((g) => g.output.hasToolCalls())?.output.toolCalls ?? []) {
        listener({ type: 'tool-call', toolCall, repairs: toolCall.argumentRepairs ?? [] });
      }
    }

    let result: ToolExecutionResult;
    try {
      result = await loop.manager.executeToolCalls(new Prompt(fullTurnHistory, options), normalized);
    } catch (error) {
      if (!(error instanceof ToolCallLimitExceededError)) throw error;
      logger.debug({ round, toolName: error.toolName, limit: error.limit }, 'tool call limit exceeded (stream)');
      reportResults(listener, error.partialToolExecutionResult);
      yield usage.applyAccumulatedUsage(
        aggregated.with({ chatResponse: normalized.with({ results: [error.buildGeneration()] }) }),
      );
      return;
    }
    reportResults(listener, result);
    fullTurnHistory = result.conversationHistory;
    if (result.returnDirect) {
      yield usage.applyAccumulatedUsage(
        aggregated.with({ chatResponse: normalized.with({ results: buildReturnDirectGenerations(result) }) }),
      );
      return;
    }
    instructions = await loop.nextInstructions(roundRequest, aggregated, result);
    options = await loop.nextOptions(options, roundRequest, aggregated, result);
  }
}

function reportResults(listener: ReturnType<typeof streamEventListenerOf>, result: ToolExecutionResult): void {
  if (!listener) return;
  const last = result.conversationHistory[result.conversationHistory.length - 1];
  if (!(last instanceof ToolResponseMessage)) return;
  for (const response of last.responses) {
    listener({ type: 'tool-result', id: response.id, name: response.name, result: response.responseData });
  }
}

/**
 * An iterable that starts over from `start()` each time it is iterated, so iterating a stream
 * again re-runs it (as resubscribing does in Spring) instead of finding a spent generator.
 *
 * @param start - begins one iteration
 * @returns the re-iterable stream
 */
export function reiterable<T>(start: () => AsyncIterable<T>): AsyncIterable<T> {
  return { [Symbol.asyncIterator]: () => start()[Symbol.asyncIterator]() };
}

async function* fromArray<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}
