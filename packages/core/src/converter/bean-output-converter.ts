import { ConfigurationError } from '../error/configuration-error';
import { toolDefinition } from '../tool/definition/tool-definition';
import { ToolArgumentsParser } from '../tool/execution/tool-arguments-parser';
import { convertArgument, type ArgumentViolation } from '../tool/method/method-argument-converter';
import { reviveDateArguments } from '../tool/method/revive-date-arguments';
import type { StructuredOutputTypeSchema } from '../tool/schema/tool-schema-manifest';
import { type ToolSchemaRegistry, toolSchemaRegistry } from '../tool/schema/tool-schema-registry';
import { StructuredOutputValidationError } from './structured-output-validation-error';

/**
 * The type of a structured answer: a class (instances are made with class-transformer and checked
 * with class-validator), or the name of an interface or type alias (plain objects), e.g. `'OrderAnswer'`.
 * Either way the type must be tagged `@structuredOutput` so `sprout-schema` writes its schema.
 */
export type OutputType<T> = (abstract new (...args: never[]) => T) | string;

/** Options of {@link BeanOutputConverter}. */
export interface BeanOutputConverterOptions {
  /** Where the schema is looked up. @defaultValue the shared `toolSchemaRegistry` */
  readonly registry?: ToolSchemaRegistry;
}

/** The result of {@link BeanOutputConverter.validate}. */
export type StructuredOutputValidation<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly violations: readonly string[] };

/**
 * Turns a model's text answer into a typed value: parses it as JSON (a markdown fence and other
 * repairable slips of the tool-argument pipeline are repaired), checks it against the type's
 * build-time JSON Schema (ajv), revives `Date`s, and for a class makes an instance
 * (class-transformer) and checks its class-validator rules. Also gives the schema and the format
 * instructions sent to models without native structured output.
 *
 * @example
 * ```ts
 * const converter = new BeanOutputConverter(OrderAnswer);
 * const answer = await converter.convert('{"orderId":"A123","status":"shipped","lines":[]}');
 * ```
 * @see Spring AI `BeanOutputConverter`
 */
export class BeanOutputConverter<T> {
  /** The type's name, e.g. `OrderAnswer`. */
  readonly typeName: string;
  /** The type's schema with `title` set to its name (OpenAI names its `json_schema` after it). */
  readonly schema: Readonly<Record<string, unknown>>;
  /** {@link schema} as JSON text. */
  readonly jsonSchema: string;
  private readonly entry: StructuredOutputTypeSchema;
  private readonly parser: ToolArgumentsParser;

  /**
   * @param type - the class, or the name of the interface / type alias
   * @param options - the registry to read the schema from
   * @throws ConfigurationError when no manifest holds the type's schema (not tagged
   *   `@structuredOutput`, or the manifest was not regenerated)
   */
  constructor(
    private readonly type: OutputType<T>,
    options: BeanOutputConverterOptions = {},
  ) {
    this.typeName = typeof type === 'string' ? type : type.name;
    const entry = (options.registry ?? toolSchemaRegistry).getOutputType(this.typeName);
    if (entry === undefined) {
      throw new ConfigurationError({
        setting: 'entity type',
        value: this.typeName,
        allowed: 'a type tagged @structuredOutput in a loaded schema manifest',
        message:
          `No structured output schema for '${this.typeName}'. Tag the exported class, interface or type alias ` +
          "with '@structuredOutput' in its TSDoc, run sprout-schema (npm run build), and load the manifest.",
      });
    }
    this.entry = entry;
    this.schema = Object.freeze({ title: this.typeName, ...entry.schema });
    this.jsonSchema = JSON.stringify(this.schema);
    this.parser = new ToolArgumentsParser(
      toolDefinition({ name: this.typeName, description: this.typeName, inputSchema: this.jsonSchema }),
    );
  }

  /**
   * The instructions appended to the user message when the schema is not sent natively (Spring's
   * wording).
   */
  get format(): string {
    return [
      'Your response should be in JSON format.',
      'Do not include any explanations, only provide a RFC8259 compliant JSON response following this format without deviation.',
      'Do not include markdown code blocks in your response.',
      'Remove the ```json markdown from the output.',
      'Here is the JSON Schema instance your output must adhere to:',
      `\`\`\`${this.jsonSchema}\`\`\``,
      '',
    ].join('\n');
  }

  /**
   * Checks an answer and builds the value; never throws for a bad answer.
   *
   * @param text - the model's answer, e.g. `{"orderId":"A123",…}`
   * @returns the value, or every violation found (JSON, schema, then class-validator rules)
   */
  async validate(text: string): Promise<StructuredOutputValidation<T>> {
    if (text.trim() === '') return { ok: false, violations: ['the answer is empty; send a JSON object'] };
    const prepared = this.parser.prepare(text);
    if (prepared.problem !== undefined || prepared.value === undefined)
      return { ok: false, violations: [`the answer is not a JSON object: ${prepared.problem ?? 'no value'}`] };
    if (prepared.violations.length > 0) return { ok: false, violations: prepared.violations };
    const value = reviveDateArguments(prepared.value, this.entry.schema, this.entry.dateSchemaPaths);
    if (typeof this.type === 'string') return { ok: true, value: value as T };
    const found: ArgumentViolation[] = [];
    const instance = await convertArgument(value, this.type, '', found);
    return found.length === 0
      ? { ok: true, value: instance as T }
      : { ok: false, violations: found.map((v) => v.text) };
  }

  /**
   * Makes the answer into a `T`, or throws.
   *
   * @param text - the model's answer
   * @param attempts - how many answers were checked, for the error
   * @returns the typed value (a class instance for a class)
   * @throws StructuredOutputValidationError with the answer and every violation when it is not valid
   */
  async convert(text: string, attempts = 1): Promise<T> {
    const result = await this.validate(text);
    if (result.ok) return result.value;
    throw new StructuredOutputValidationError({
      typeName: this.typeName,
      answer: text,
      violations: result.violations,
      attempts,
    });
  }
}
