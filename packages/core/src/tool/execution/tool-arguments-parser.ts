import type Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import type { ToolDefinition } from '../definition/tool-definition';
import { InvalidToolSchemaError } from '../schema/invalid-tool-schema-error';
import { createLogger } from '../../util/logger';
import { coerceToolArgumentsInPlace } from './coerce-tool-arguments';
import { InvalidToolArgumentsError } from './invalid-tool-arguments-error';
import { prepareToolArguments } from './prepare-tool-arguments';
import type { PreparedToolArguments } from './prepared-tool-arguments';
import { ToolExecutionError } from './tool-execution-error';

/** The tool's arguments as the model sent them, parsed and validated. */
export type ToolArguments = Record<string, unknown>;

const logger = createLogger('ToolArgumentsParser');

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

let ajv: Ajv2020 | undefined;
/** Compiled validators by schema text: callbacks are rebuilt often, schemas rarely change. */
const validators = new Map<string, ValidateFunction>();

/**
 * The argument pipeline shared by every tool callback: blank input means `{}`; the text must be a
 * JSON object — strict parse first, then the repairs of {@link repairToolArguments} (markdown
 * fence, trailing text or special tokens, double encoding …, each logged); then the coercion policy
 * of {@link coerceToolArguments} (exact numeric/boolean strings, `null` for optional = absent); the
 * object must match the tool's input schema (draft 2020-12, checked with ajv).
 *
 * @remarks Departures from Spring AI, on purpose: blank input is `{}` (Spring rejects it; its
 * manager substitutes `{}`), malformed JSON is a {@link ToolExecutionError} for function tools too
 * (Spring aborts the request), and arguments are validated against the schema before the tool runs
 * (Spring does not validate). Every failure is a `ToolExecutionError` whose message tells the model
 * what to fix, so the tool loop goes on.
 */
export class ToolArgumentsParser {
  private readonly schemaText: string;
  private readonly schema: Record<string, unknown>;
  private validator: ValidateFunction | undefined;

  /**
   * @param toolDefinition - the tool; its `inputSchema` must be a JSON object text
   * @throws InvalidToolSchemaError naming the tool when the input schema is not a JSON object
   */
  constructor(private readonly toolDefinition: ToolDefinition) {
    this.schemaText = toolDefinition.inputSchema;
    this.schema = parseSchema(toolDefinition);
  }

  /**
   * @param input - the model's arguments, e.g. `{"orderId":"A123"}`; blank means `{}`; repairable
   *   text is repaired (see {@link repairToolArguments})
   * @returns the arguments object
   * @throws ToolExecutionError (cause {@link InvalidToolArgumentsError}) when the input is not a
   * JSON object even after repair, or violates the schema
   * @throws InvalidToolSchemaError when the tool's input schema cannot be compiled
   */
  parse(input: unknown): ToolArguments {
    const prepared = this.prepare(input);
    const error = this.errorOf(prepared);
    if (error !== undefined) throw error;
    return prepared.value as ToolArguments;
  }

  /**
   * Prepares arguments once for a call: repair and parse ({@link prepareToolArguments}), then the
   * coercion policy and validation against the schema. Problems are returned, not thrown, so a
   * caller can add what it finds itself (e.g. class-validator rules) and report everything in one
   * message.
   *
   * @param input - as for {@link ToolArgumentsParser.parse}
   * @returns the prepared arguments (`validated: true` when they were parsed)
   * @throws InvalidToolSchemaError when the tool's input schema cannot be compiled
   */
  prepare(input: unknown): PreparedToolArguments {
    const prepared = prepareToolArguments(input);
    if (prepared.value === undefined) return prepared;
    const name = this.toolDefinition.name;
    // `prepared.value` was parsed for this call alone, so it is coerced without another copy.
    const { value, changes } = coerceToolArgumentsInPlace(prepared.value, this.schema);
    if (changes.length > 0 && logger.isLevelEnabled('debug'))
      logger.debug({ toolName: name, changes }, `Coerced the arguments of tool '${name}'`);
    const validate = this.compiled();
    if (validate(value)) return { ...prepared, value: value as ToolArguments, validated: true };
    const errors = validate.errors ?? [];
    return {
      ...prepared,
      value,
      violations: errors.map(describeViolation),
      violationPointers: new Set(errors.map((error) => error.instancePath)),
      validated: true,
    };
  }

  /**
   * The error the model reads for prepared arguments that cannot be used, or `undefined` when they
   * can.
   *
   * @param prepared - what {@link ToolArgumentsParser.prepare} returned
   * @param moreViolations - problems the caller found itself, e.g. class-validator rules
   */
  errorOf(prepared: PreparedToolArguments, moreViolations: readonly string[] = []): ToolExecutionError | undefined {
    if (prepared.problem !== undefined) {
      return this.invalid(
        [prepared.problem],
        `Invalid arguments for tool '${this.toolDefinition.name}': ${prepared.problem}. Send a JSON object that matches the tool's input schema.`,
        prepared.problemCause,
      );
    }
    const violations = moreViolations.length === 0 ? prepared.violations : [...prepared.violations, ...moreViolations];
    return violations.length === 0 ? undefined : this.invalidArguments(violations);
  }

  /**
   * A {@link ToolExecutionError} for arguments that cannot be used, e.g. found while converting
   * them to parameter types after schema validation.
   *
   * @param violations - one entry per problem, e.g. `/when must be a valid date-time (got "soon")`
   */
  invalidArguments(violations: readonly string[]): ToolExecutionError {
    return this.invalid(
      violations,
      `Invalid arguments for tool '${this.toolDefinition.name}': ${violations.join('; ')}. Fix the arguments and call the tool again.`,
    );
  }

  private invalid(violations: readonly string[], message: string, cause?: unknown): ToolExecutionError {
    const error = new InvalidToolArgumentsError({ toolName: this.toolDefinition.name, violations, message, cause });
    return new ToolExecutionError({ toolDefinition: this.toolDefinition, cause: error, message });
  }

  private compiled(): ValidateFunction {
    if (this.validator !== undefined) return this.validator;
    let validate = validators.get(this.schemaText);
    if (validate === undefined) {
      try {
        validate = sharedAjv().compile(this.schemaForValidation());
      } catch (error) {
        throw new InvalidToolSchemaError(
          `The input schema of tool '${this.toolDefinition.name}' is not a valid JSON Schema: ${(error as Error).message}. Fix the schema (or regenerate the tool schema manifest).`,
          { toolName: this.toolDefinition.name, cause: error },
        );
      }
      validators.set(this.schemaText, validate);
    }
    this.validator = validate;
    return validate;
  }

  /** Other drafts' `$schema` (e.g. draft-07 from MCP servers) is dropped: ajv 2020 knows only its own. */
  private schemaForValidation(): Record<string, unknown> {
    const { $schema, ...rest } = this.schema;
    return $schema === undefined || $schema === DRAFT_2020_12 ? this.schema : rest;
  }
}

function parseSchema(toolDefinition: ToolDefinition): Record<string, unknown> {
  let schema: unknown;
  try {
    schema = JSON.parse(toolDefinition.inputSchema);
  } catch (error) {
    throw new InvalidToolSchemaError(
      `The input schema of tool '${toolDefinition.name}' is not valid JSON (${(error as Error).message}). Give a JSON Schema object as text, e.g. {"type":"object","properties":{}}.`,
      { toolName: toolDefinition.name, cause: error },
    );
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new InvalidToolSchemaError(
      `The input schema of tool '${toolDefinition.name}' must be a JSON object, got ${describeJsonValue(schema)}. Give a JSON Schema object as text, e.g. {"type":"object","properties":{}}.`,
      { toolName: toolDefinition.name },
    );
  }
  return schema as Record<string, unknown>;
}

/** The shared ajv instance; ajv and ajv-formats are loaded here, at the first schema compiled (~200 modules: start-up cost). */
function sharedAjv(): Ajv2020 {
  if (ajv === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start-up
    const { default: Ajv } = require('ajv/dist/2020') as typeof import('ajv/dist/2020');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start-up
    const { default: addFormats } = require('ajv-formats') as typeof import('ajv-formats');
    // inlineRefs: false — schemas come from untrusted MCP servers too; inlining every $ref target at
    // compile time lets a small schema with a widely referenced definition take seconds to compile.
    ajv = new Ajv({ allErrors: true, strict: false, addUsedSchema: false, inlineRefs: false });
    addFormats(ajv);
  }
  return ajv;
}

function describeViolation(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(root)' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  let detail = '';
  if (error.keyword === 'additionalProperties') detail = ` ('${String(params.additionalProperty)}')`;
  if (error.keyword === 'enum') detail = `: ${JSON.stringify(params.allowedValues)}`;
  if (error.keyword === 'const') detail = `: ${JSON.stringify(params.allowedValue)}`;
  return `${where} ${error.message ?? `violates "${error.keyword}"`}${detail}`;
}

/** E.g. `an array`, `a number (42)`, `a string ("abc")`, `null`. */
export function describeJsonValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const shown = JSON.stringify(value) ?? typeof value;
  const excerpt = shown.length > 40 ? `${shown.slice(0, 40)}…` : shown;
  return `${typeof value === 'number' ? 'a number' : typeof value === 'string' ? 'a string' : `a ${typeof value}`} (${excerpt})`;
}
