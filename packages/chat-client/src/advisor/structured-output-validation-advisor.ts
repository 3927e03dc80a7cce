import {
  BeanOutputConverter,
  type BeanOutputConverterOptions,
  ConfigurationError,
  type OutputType,
  StructuredOutputValidationError,
} from '@sprout-ai/core';
import type { ChatClientRequest } from '../chat-client-request';
import type { ChatClientResponse } from '../chat-client-response';
import { answerText } from '../answer-text';
import { appendToUserMessage } from './append-to-user-message';
import type { CallAdvisor } from './api/call-advisor';
import type { CallAdvisorChain } from './api/call-advisor-chain';
import { HIGHEST_PRECEDENCE, LOWEST_PRECEDENCE } from './api/ordered';
import { UsageAccumulator } from './usage-accumulator';

/** Retries after the first invalid answer, by default (Spring's). */
export const DEFAULT_MAX_REPEAT_ATTEMPTS = 3;
/** Its default order: inside the tool loop (`HIGHEST_PRECEDENCE + 300`), so it sees each round's answer. */
export const DEFAULT_STRUCTURED_OUTPUT_VALIDATION_ORDER = LOWEST_PRECEDENCE - 2000;

/** Options of {@link StructuredOutputValidationAdvisor}. */
export interface StructuredOutputValidationAdvisorOptions<T> {
  /** The output type (a class or a type name), or a converter made for it. */
  readonly outputType: OutputType<T> | BeanOutputConverter<T>;
  /** Retries after the first invalid answer, ≥ 0. @defaultValue {@link DEFAULT_MAX_REPEAT_ATTEMPTS} */
  readonly maxRepeatAttempts?: number;
  /** Strictly between the highest and lowest precedence. @defaultValue {@link DEFAULT_STRUCTURED_OUTPUT_VALIDATION_ORDER} */
  readonly advisorOrder?: number;
  /** Where the type's schema is looked up (when `outputType` is not a converter). */
  readonly registry?: BeanOutputConverterOptions['registry'];
}

/**
 * A recursive advisor that checks the model's final answer against the output type (JSON, schema,
 * class-validator rules, see `BeanOutputConverter.validate`) and, when it is not valid, calls the
 * rest of the chain again with the violations appended to the user message
 * (`Output JSON validation failed because of: …`), up to `maxRepeatAttempts` times. A response with
 * tool calls is handed back unchecked, so inside the tool loop (its default order) it checks only
 * the answer after the tools. Usage is summed over its attempts.
 *
 * `.call().entity(Type, (s) => s.validateSchema())` adds one for the call; add it yourself with
 * `.advisors(new StructuredOutputValidationAdvisor({ outputType: OrderAnswer }))`.
 *
 * @remarks Call only: it is not a stream advisor (Spring's fails a stream; here a stream passes it
 * by). When the retries are spent it throws {@link StructuredOutputValidationError} with the last
 * answer (Spring returns the last invalid answer, which its converter then fails to parse).
 * @see Spring AI `StructuredOutputValidationAdvisor`
 */
export class StructuredOutputValidationAdvisor<T = unknown> implements CallAdvisor {
  /** Spring's name of the advisor. */
  readonly name = 'Structured Output Validation Advisor';
  /** Its place in the chain (lower is outer). */
  readonly order: number;
  /** Retries after the first invalid answer. */
  readonly maxRepeatAttempts: number;
  private readonly converter: BeanOutputConverter<T>;

  /**
   * @param options - the output type, retries and order
   * @throws ConfigurationError when `maxRepeatAttempts` is not an integer ≥ 0, or the order is out of range
   * @throws ConfigurationError when the type has no schema in the manifest (see `BeanOutputConverter`)
   */
  constructor(options: StructuredOutputValidationAdvisorOptions<T>) {
    const { outputType, maxRepeatAttempts = DEFAULT_MAX_REPEAT_ATTEMPTS } = options;
    const order = options.advisorOrder ?? DEFAULT_STRUCTURED_OUTPUT_VALIDATION_ORDER;
    if (!Number.isInteger(maxRepeatAttempts) || maxRepeatAttempts < 0) {
      throw new ConfigurationError({
        setting: 'StructuredOutputValidationAdvisor maxRepeatAttempts',
        value: maxRepeatAttempts,
        allowed: 'an integer ≥ 0',
      });
    }
    if (!Number.isInteger(order) || order <= HIGHEST_PRECEDENCE || order >= LOWEST_PRECEDENCE) {
      throw new ConfigurationError({
        setting: 'StructuredOutputValidationAdvisor advisorOrder',
        value: order,
        allowed: 'an integer strictly between HIGHEST_PRECEDENCE and LOWEST_PRECEDENCE',
      });
    }
    this.order = order;
    this.maxRepeatAttempts = maxRepeatAttempts;
    this.converter =
      outputType instanceof BeanOutputConverter
        ? outputType
        : new BeanOutputConverter(outputType, { registry: options.registry });
  }

  /**
   * Calls the rest of the chain until an answer is valid or the retries are spent.
   *
   * @returns the first response with tool calls, or the first valid answer (usage summed over attempts)
   * @throws StructuredOutputValidationError with the last answer and its violations when no attempt was valid
   */
  async adviseCall(request: ChatClientRequest, chain: CallAdvisorChain): Promise<ChatClientResponse> {
    const usage = new UsageAccumulator();
    const rest = chain.copy(this);
    let next = request;
    for (let attempt = 1; ; attempt++) {
      const response = await rest.nextCall(next);
      usage.addRoundResponse(response.chatResponse);
      if (response.chatResponse?.hasToolCalls()) return usage.applyAccumulatedUsage(response);
      const answer = answerText(response.chatResponse);
      const result = await this.converter.validate(answer);
      if (result.ok) return usage.applyAccumulatedUsage(response);
      if (attempt > this.maxRepeatAttempts) {
        throw new StructuredOutputValidationError({
          typeName: this.converter.typeName,
          answer,
          violations: result.violations,
          attempts: attempt,
        });
      }
      const feedback = `Output JSON validation failed because of: ${result.violations.join('; ')}`;
      next = request.with({ prompt: appendToUserMessage(request.prompt, feedback) });
    }
  }
}
