import 'reflect-metadata';
import type { ValidationError } from 'class-validator';
import { ToolContext } from '../../chat/model/tool-context';
import type { ToolParameterSchema } from '../schema/tool-schema-manifest';
import type { ToolArguments } from '../execution/tool-arguments-parser';
import { classValidator } from '../support/class-validator-module';

/** Types `design:paramtypes` reports for things that are not user classes. */
const NOT_USER_CLASSES = new Set<unknown>([
  Object,
  String,
  Number,
  Boolean,
  Array,
  Date,
  Function,
  Promise,
  Symbol,
  BigInt,
  Map,
  Set,
  ToolContext,
]);

/** A problem found while converting one argument. */
export interface ArgumentViolation {
  /** JSON pointer of the value, e.g. `/booking/email`. */
  readonly pointer: string;
  /** The problem, starting with the pointer, e.g. `/booking/email must be an email (isEmail)`. */
  readonly text: string;
}

/** The argument list for a tool method, or the problems found while building it. */
export interface ConvertedArguments {
  readonly values: unknown[];
  readonly violations: ArgumentViolation[];
}

/**
 * Builds a tool method's argument list by parameter index: `toolContext` parameters get the
 * context; the others get the argument of their name, converted by the declared type
 * (`design:paramtypes`): a `Date` from a string, a user class with class-transformer then checked
 * with class-validator. Other values pass unchanged (the schema has checked them).
 *
 * @param args - the validated arguments object
 * @param parameters - the method's parameters from the manifest
 * @param paramTypes - `design:paramtypes` of the method (may be empty)
 * @param toolContext - the context to inject
 */
export async function convertMethodArguments(
  args: ToolArguments,
  parameters: readonly ToolParameterSchema[],
  paramTypes: readonly unknown[],
  toolContext: ToolContext,
): Promise<ConvertedArguments> {
  const values: unknown[] = new Array<unknown>(parameters.reduce((n, p) => Math.max(n, p.index + 1), 0));
  const violations: ArgumentViolation[] = [];
  for (const parameter of parameters) {
    if (parameter.kind === 'toolContext') {
      values[parameter.index] = toolContext;
      continue;
    }
    const value = Object.prototype.hasOwnProperty.call(args, parameter.name) ? args[parameter.name] : undefined;
    values[parameter.index] = await convertArgument(
      value,
      paramTypes[parameter.index],
      `/${escapePointer(parameter.name)}`,
      violations,
    );
  }
  return { values, violations };
}

/**
 * Converts one argument by its declared type: a `Date` from a string, a user class instance with
 * class-transformer, then checked with class-validator (violations appended, under `pointer`).
 * Other values are returned unchanged.
 *
 * @param value - the argument
 * @param type - its declared type (a constructor), if known
 * @param pointer - JSON pointer of the value, `''` for the arguments object itself
 * @param violations - where problems are added
 */
export async function convertArgument(
  value: unknown,
  type: unknown,
  pointer: string,
  violations: ArgumentViolation[],
): Promise<unknown> {
  if (value === undefined || value === null) return value;
  if (type === Date && typeof value === 'string') {
    const date = new Date(value);
    if (Number.isNaN(date.getTime()))
      violations.push({ pointer, text: `${pointer} must be a valid date-time string (got ${JSON.stringify(value)})` });
    return date;
  }
  if (typeof type === 'function' && !NOT_USER_CLASSES.has(type) && typeof value === 'object' && !Array.isArray(value)) {
    const instance: unknown = classTransformer().plainToInstance(type as new () => object, value);
    const errors = await classValidator().validate(instance as object, { forbidUnknownValues: false });
    violations.push(...describeValidationErrors(errors, pointer));
    return instance;
  }
  return value;
}

let classTransformerModule: typeof import('class-transformer') | undefined;
/** class-transformer, loaded at the first DTO argument converted rather than at start-up (~35 modules). */
function classTransformer(): typeof import('class-transformer') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start-up
  return (classTransformerModule ??= require('class-transformer') as typeof import('class-transformer'));
}

/** E.g. `/booking/seats must not be less than 1 (min)`: the schema's wording, with class-validator's rule name. */
function describeValidationErrors(errors: readonly ValidationError[], base: string): ArgumentViolation[] {
  return errors.flatMap((error) => {
    const pointer = `${base}/${escapePointer(error.property)}`;
    const own = Object.entries(error.constraints ?? {}).map(([rule, message]) => ({
      pointer,
      // class-validator starts its messages with the property name, which the pointer already gives.
      text: `${pointer} ${message.startsWith(`${error.property} `) ? message.slice(error.property.length + 1) : message} (${rule})`,
    }));
    return [...own, ...describeValidationErrors(error.children ?? [], pointer)];
  });
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
