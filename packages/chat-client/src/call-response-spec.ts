import { BeanOutputConverter, type ChatResponse, type OutputType } from '@sprout-ai/core';
import type { Advisor } from './advisor/api/advisor';
import { StructuredOutputValidationAdvisor } from './advisor/structured-output-validation-advisor';
import { answerText } from './answer-text';
import { OUTPUT_FORMAT, STRUCTURED_OUTPUT_NATIVE, STRUCTURED_OUTPUT_SCHEMA } from './chat-client-attributes';
import type { ChatClientResponse } from './chat-client-response';
import { EntityParamSpec } from './entity-param-spec';
import type { ResponseEntity } from './response-entity';

/**
 * What `.entity()` adds to one execution of the request (internal): entries of the request context,
 * and advisors of the chain for this execution only.
 */
export interface ExecutionExtras {
  readonly context?: Readonly<Record<string, unknown>>;
  readonly advisors?: readonly Advisor[];
}

/**
 * The result side of `.call()`: pick the form of the answer you need.
 *
 * @remarks Each method sends the request (runs the whole advisor chain, model calls and tools
 * included) again, as in Spring; call one of them once per answer you need.
 * @see Spring AI `ChatClient.CallResponseSpec`
 */
export class CallResponseSpec {
  /**
   * @param execute - runs the request through the advisor chain (internal)
   */
  constructor(
    private readonly execute: (extras?: {
      readonly context?: Readonly<Record<string, unknown>>;
      readonly advisors?: readonly Advisor[];
    }) => Promise<ChatClientResponse>,
  ) {}

  /** The response with the final request context. */
  async chatClientResponse(): Promise<ChatClientResponse> {
    return this.execute();
  }

  /** The model's response (usage summed over tool rounds), or `undefined` when an advisor answered without one. */
  async chatResponse(): Promise<ChatResponse | undefined> {
    return (await this.execute()).chatResponse;
  }

  /**
   * The text of the first generation; `''` when there is no response or generation. When every
   * tool of the last round was `returnDirect`, the tools' results in call order, one per line.
   *
   * @remarks Spring returns the first generation's text only, so of several returnDirect results
   * its caller reads the first; each result is still its own generation in {@link CallResponseSpec.chatResponse}.
   */
  async content(): Promise<string> {
    return answerText((await this.execute()).chatResponse);
  }

  /**
   * The answer as a typed value. The type's JSON Schema (from the manifest `sprout-schema` writes
   * for types tagged `@structuredOutput`) goes to the model natively (OpenAI `response_format:
   * json_schema`, strict when the schema allows) or as format instructions appended to the user
   * message; tools run first as usual, then the final answer is parsed, checked against the
   * schema, and for a class made an instance (class-transformer) and checked (class-validator).
   *
   * @example
   * ```ts
   * const answer = await chatClient.prompt('Where is A123?').tools(orderTools).call()
   *   .entity(OrderAnswer, (spec) => spec.validateSchema(2));
   * ```
   * @param type - a class, the name of an interface / type alias (`entity<OrderAnswer>('OrderAnswer')`),
   *   or a `BeanOutputConverter` (e.g. made with another schema registry)
   * @param configure - options: `useProviderStructuredOutput(enabled)`, `validateSchema(maxRepeatAttempts)`
   * @throws ConfigurationError when the type has no schema in the manifest
   * @throws StructuredOutputValidationError with the answer and violations when it is not a valid `T`
   *   (after the validation advisor's retries, when `validateSchema` was asked)
   * @see Spring AI `CallResponseSpec.entity`
   */
  async entity<T>(
    type: OutputType<T> | BeanOutputConverter<T>,
    configure?: (spec: EntityParamSpec) => void,
  ): Promise<T> {
    return (await this.responseEntity(type, configure)).entity;
  }

  /**
   * As {@link CallResponseSpec.entity}, with the model's response beside the value.
   *
   * @throws as {@link CallResponseSpec.entity}
   * @see Spring AI `CallResponseSpec.responseEntity`
   */
  async responseEntity<T>(
    type: OutputType<T> | BeanOutputConverter<T>,
    configure?: (spec: EntityParamSpec) => void,
  ): Promise<ResponseEntity<T>> {
    const converter = type instanceof BeanOutputConverter ? type : new BeanOutputConverter(type);
    const spec = new EntityParamSpec();
    configure?.(spec);
    const advisor =
      spec.maxRepeatAttempts === undefined
        ? undefined
        : new StructuredOutputValidationAdvisor({ outputType: converter, maxRepeatAttempts: spec.maxRepeatAttempts });
    const response = await this.execute({
      context: {
        [OUTPUT_FORMAT]: converter.format,
        [STRUCTURED_OUTPUT_SCHEMA]: converter.jsonSchema,
        ...(spec.nativeStructuredOutput === undefined
          ? {}
          : { [STRUCTURED_OUTPUT_NATIVE]: spec.nativeStructuredOutput }),
      },
      ...(advisor === undefined ? {} : { advisors: [advisor] }),
    });
    const entity = await converter.convert(answerText(response.chatResponse), 1 + (spec.maxRepeatAttempts ?? 0));
    return { response: response.chatResponse, entity };
  }
}
