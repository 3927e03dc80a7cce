import 'reflect-metadata';
import { ToolContext } from '../../chat/model/tool-context';
import type { FoundToolMethod } from '../method/find-tool-methods';
import type { ToolMethodSchema, ToolParameterSchema } from './tool-schema-manifest';
import { classValidator } from '../support/class-validator-module';

type Schema = Record<string, unknown>;
type ClassType = abstract new (...args: never[]) => unknown;

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** Schemas of the types decorator metadata (`design:paramtypes`) reports. */
const DESIGN_TYPES = new Map<unknown, Schema>([
  [String, { type: 'string' }],
  [Number, { type: 'number' }],
  [Boolean, { type: 'boolean' }],
  [Date, { type: 'string', format: 'date-time' }],
]);

/**
 * The runtime-only fallback for a `@Tool` method without a manifest entry (plain JavaScript, or
 * no build step): a schema from what exists at run time. Every parameter must be described
 * explicitly (so a TypeScript method merely missing from a stale manifest still fails):
 * - `@ToolParam({ schema })` — used as is;
 * - `@ToolParam({ type })` with a class that has class-validator decorators — an object schema
 *   from the decorators (see {@link classValidatorSchema}); the argument is converted to the class
 *   and validated; `type: String | Number | Boolean | Date` give the plain schemas;
 * - a `ToolContext` parameter (`@ToolParam({ type: ToolContext })`, or its `design:paramtypes` entry).
 * Names come from `@ToolParam({ name })`, else from the function's source text.
 *
 * Limits (why the build-time manifest stays the default): no TSDoc descriptions, optional
 * parameters only via `@ToolParam({ required: false })`, interfaces, unions, `T | null`, enums,
 * arrays' element types and integers only via `schema`; minified code needs `name`; `returnsVoid`
 * is unknown (a method returning `undefined` gives `"Done"` either way).
 *
 * @param toolObject - the object the method runs on
 * @param method - the `@Tool` method
 * @returns the entry, or `undefined` when a parameter is not described (the caller reports the missing manifest entry)
 */
export function runtimeToolMethodSchema(toolObject: object, method: FoundToolMethod): ToolMethodSchema | undefined {
  const methodName = method.options.methodName;
  const fn = (toolObject as Record<string, unknown>)[methodName];
  if (typeof fn !== 'function') return undefined;
  const prototype = method.declaringClass.prototype as object;
  const paramTypes = (Reflect.getMetadata('design:paramtypes', prototype, methodName) ?? []) as unknown[];
  const names = parameterNames(fn as (...args: unknown[]) => unknown);
  const indexes = Object.keys(method.paramOptions).map(Number);
  const count = Math.max(names.length, paramTypes.length, ...indexes.map((i) => i + 1));
  const parameters: ToolParameterSchema[] = [];
  const properties: Schema = {};
  const required: string[] = [];
  const defs: Schema = {};
  const dateSchemaPaths: string[] = [];
  for (let index = 0; index < count; index++) {
    const options = method.paramOptions[index] ?? {};
    const type: unknown = options.type ?? paramTypes[index];
    const name = options.name ?? names[index] ?? `arg${index}`;
    if (type === ToolContext) {
      parameters.push({ name, index, kind: 'toolContext', optional: false });
      continue;
    }
    // Only explicit descriptions count: a TypeScript method that is merely missing from a stale
    // manifest must fail with MissingToolSchemaError, not run with a poorer schema.
    let schema: Schema | undefined = options.schema === undefined ? undefined : { ...options.schema };
    if (schema === undefined && DESIGN_TYPES.has(options.type)) schema = { ...DESIGN_TYPES.get(options.type) };
    if (schema === undefined && isValidatedClass(options.type)) schema = classValidatorSchema(options.type, defs);
    if (schema === undefined) return undefined;
    if (type === Date && options.schema === undefined) dateSchemaPaths.push(`#/properties/${encodeURIComponent(name)}`);
    if (options.description !== undefined && schema.description === undefined) schema.description = options.description;
    const isRequired = options.required ?? true;
    parameters.push({ name, index, kind: 'argument', optional: !isRequired });
    properties[name] = schema;
    if (isRequired) required.push(name);
  }
  return {
    className: method.declaringClass.name,
    methodName,
    sourceFile: '<runtime>',
    parameters,
    inputSchema: {
      $schema: DRAFT_2020_12,
      type: 'object',
      ...(Object.keys(defs).length === 0 ? {} : { $defs: defs }),
      properties,
      required,
      additionalProperties: false,
    },
    ...(dateSchemaPaths.length === 0 ? {} : { dateSchemaPaths }),
    returnsVoid: false,
  };
}

/**
 * An object schema from a class's class-validator decorators: one property per decorated
 * property, typed by `design:type` or by the type validators (`@IsString`, `@IsInt`, `@IsBoolean`,
 * `@IsDate`, `@IsArray` …), with `@Min`/`@Max`/`@Length`/`@MinLength`/`@MaxLength`/`@Matches`/
 * `@IsEmail`/`@IsIn`/`@ArrayMinSize`/`@ArrayMaxSize`; `@IsOptional` properties are not required;
 * `@ValidateNested` classes go to `$defs`. Undecorated properties are not in the schema (and
 * `additionalProperties: false` then rejects them).
 *
 * @param type - the class
 * @param defs - where nested classes are added, by class name
 * @returns `{"$ref":"#/$defs/<ClassName>"}` (the class's schema is added to `defs`)
 */
export function classValidatorSchema(type: ClassType, defs: Schema): Schema {
  const ref = { $ref: `#/$defs/${type.name}` };
  if (defs[type.name] !== undefined) return ref;
  defs[type.name] = {};
  const metadata = classValidator().getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
  const properties: Record<string, Schema> = {};
  const optional = new Set<string>();
  for (const entry of metadata) {
    const name = entry.propertyName;
    const property = (properties[name] ??= designSchema(type, name, defs));
    if (entry.name === 'isOptional' || entry.type === 'conditionalValidation') optional.add(name);
    const target = entry.each && isSchemaObject(property.items) ? property.items : property;
    Object.assign(target, constraintKeywords(entry.name, entry.constraints as unknown[] | undefined));
  }
  const ordered = inDeclarationOrder(type, properties);
  defs[type.name] = {
    type: 'object',
    properties: ordered,
    required: Object.keys(ordered).filter((name) => !optional.has(name)),
    additionalProperties: false,
  };
  return ref;
}

/**
 * The properties in declaration order, a base class's first: class-validator lists a class's own
 * rules before inherited ones (and an overriding property's only), so the order is rebuilt from
 * each class of the chain, the topmost first; a property keeps the place its first declaration gave it.
 */
function inDeclarationOrder(type: ClassType, properties: Record<string, Schema>): Record<string, Schema> {
  const chain: unknown[] = [];
  for (let current: unknown = type; typeof current === 'function' && current !== Function.prototype;) {
    chain.unshift(current);
    current = Object.getPrototypeOf(current);
  }
  const storage = classValidator().getMetadataStorage();
  const order = new Map<string, number>();
  for (const owner of chain) {
    for (const entry of storage.getTargetValidationMetadatas(owner as new () => unknown, '', true, false)) {
      if (entry.target === owner && !order.has(entry.propertyName)) order.set(entry.propertyName, order.size);
    }
  }
  const rank = (name: string): number => order.get(name) ?? order.size;
  return Object.fromEntries(Object.entries(properties).sort(([a], [b]) => rank(a) - rank(b)));
}

/**
 * The schema of a type decorator metadata reports (`String`, `Number`, `Boolean`, `Date`) or of a
 * class with class-validator decorators (added to `defs`, see {@link classValidatorSchema}).
 *
 * @returns the schema, or `undefined` for any other type
 */
export function runtimeTypeSchema(type: unknown, defs: Schema): Schema | undefined {
  if (DESIGN_TYPES.has(type)) return { ...DESIGN_TYPES.get(type) };
  if (isValidatedClass(type)) return classValidatorSchema(type, defs);
  return undefined;
}

function designSchema(type: ClassType, property: string, defs: Schema): Schema {
  const designType: unknown = Reflect.getMetadata('design:type', type.prototype as object, property);
  if (DESIGN_TYPES.has(designType)) return { ...DESIGN_TYPES.get(designType) };
  if (designType === Array) return { type: 'array', items: {} };
  if (isValidatedClass(designType)) return classValidatorSchema(designType, defs);
  return {};
}

function constraintKeywords(name: string | undefined, constraints: readonly unknown[] = []): Schema {
  const [a, b] = constraints;
  switch (name) {
    case 'isString':
      return { type: 'string' };
    case 'isNumber':
      return { type: 'number' };
    case 'isInt':
      return { type: 'integer' };
    case 'isBoolean':
      return { type: 'boolean' };
    case 'isDate':
      return { type: 'string', format: 'date-time' };
    case 'isArray':
      return { type: 'array' };
    case 'isEmail':
      return { type: 'string', format: 'email' };
    case 'isUuid':
      return { type: 'string', format: 'uuid' };
    case 'min':
      return { minimum: a };
    case 'max':
      return { maximum: a };
    case 'isLength':
      return { minLength: a, ...(typeof b === 'number' ? { maxLength: b } : {}) };
    case 'minLength':
      return { minLength: a };
    case 'maxLength':
      return { maxLength: a };
    case 'matches':
      return a instanceof RegExp ? { pattern: a.source } : typeof a === 'string' ? { pattern: a } : {};
    case 'isIn':
      return Array.isArray(a) ? { enum: a } : {};
    case 'arrayMinSize':
      return { minItems: a };
    case 'arrayMaxSize':
      return { maxItems: a };
    default:
      return {};
  }
}

function isValidatedClass(type: unknown): type is ClassType {
  return (
    typeof type === 'function' &&
    !DESIGN_TYPES.has(type) &&
    classValidator().getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).length > 0
  );
}

function isSchemaObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parameter names from a function's source text, e.g. `getOrder(orderId, context = {})` →
 * `['orderId', 'context']`. Destructured parameters give no name (`undefined` at that position).
 */
export function parameterNames(fn: (...args: unknown[]) => unknown): (string | undefined)[] {
  const source = Function.prototype.toString.call(fn).replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  const open = source.indexOf('(');
  if (open === -1) return [];
  let depth = 0;
  let current = '';
  let quote: string | undefined;
  const parts: string[] = [];
  for (let i = open + 1; i < source.length; i++) {
    const char = source[i];
    if (quote !== undefined) {
      if (char === '\\') {
        current += char + (source[i + 1] ?? '');
        i++;
        continue;
      }
      if (char === quote) quote = undefined;
      current += char;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') quote = char;
    if ('([{'.includes(char)) depth++;
    if (')]}'.includes(char)) {
      if (depth === 0) break;
      depth--;
    }
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  if (current.trim() !== '') parts.push(current);
  return parts.map((part) => /^\s*(?:\.\.\.)?([A-Za-z_$][\w$]*)\s*(?:=|$)/.exec(part)?.[1]);
}
