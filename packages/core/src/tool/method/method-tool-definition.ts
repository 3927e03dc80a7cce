import type { ToolMethodOptions } from '../annotation/tool';
import type { ToolParamOptions } from '../annotation/tool-param';
import { toolDefinition, type ToolDefinition } from '../definition/tool-definition';
import type { ToolMethodSchema } from '../schema/tool-schema-manifest';
import { hasInputSchemaText, INPUT_SCHEMA_TEXT } from '../schema/tool-schema-manifest-document';
import { type FoundToolMethod, NO_PARAM_OPTIONS } from './find-tool-methods';

/** Definitions made by {@link methodToolDefinition} with a lazily merged schema (always a JSON object). */
const wellFormedDefinitions = new WeakSet<ToolDefinition>();

/**
 * The definition of a `@Tool` method: name = `@Tool` name, else the method name; description =
 * `@Tool` description, else the TSDoc summary from the manifest, else the method name; input
 * schema = the manifest's schema with the `@ToolParam` options merged in by parameter index
 * (`schema` replaces the property's schema; `description` replaces its description;
 * `required: false` removes the parameter from `required`, `required: true` adds it).
 *
 * @param method - the `@Tool` method found on the tool object
 * @param schema - its manifest entry
 * @see Spring AI `ToolDefinitions.from(Method)`
 */
export function methodToolDefinition(method: FoundToolMethod, schema: ToolMethodSchema): ToolDefinition {
  const { options } = method;
  const name = methodToolName(options);
  const describe = (): string => nonBlank(options.description) ?? nonBlank(schema.description) ?? options.methodName;
  const mergeInputSchema = (): string =>
    // Nothing to merge: the manifest's text is the schema, as the generator wrote it (required in parameter order).
    hasInputSchemaText(schema) && Object.keys(method.paramOptions).length === 0
      ? schema[INPUT_SCHEMA_TEXT]()
      : JSON.stringify(mergeToolParamOptions(schema, method.paramOptions));
  if (hasToolParamSchema(method)) {
    // A `@ToolParam({ schema })` given by the user is merged now, so a bad one fails at start-up.
    return toolDefinition({ name, description: describe(), inputSchema: mergeInputSchema(), strict: options.strict });
  }
  // Start-up with hundreds of tools: the manifest entry is read, and the schema text made, when
  // first needed (the first request that offers the tool), not for every tool at start-up. Same
  // fields, frozen, as toolDefinition(); spreading or serialising it reads them.
  let description: string | undefined;
  let inputSchema: string | undefined;
  const definition: ToolDefinition = Object.freeze({
    name,
    get description(): string {
      return (description ??= describe());
    },
    get inputSchema(): string {
      return (inputSchema ??= mergeInputSchema());
    },
    ...(options.strict === undefined ? {} : { strict: options.strict }),
  });
  wellFormedDefinitions.add(definition);
  return definition;
}

/**
 * True when a parameter of the method has `@ToolParam({ schema })`, whose merge is checked at once.
 *
 * @param method - the `@Tool` method found on the tool object
 */
export function hasToolParamSchema(method: FoundToolMethod): boolean {
  if (method.paramOptions === NO_PARAM_OPTIONS) return false;
  for (const index in method.paramOptions) if (method.paramOptions[index].schema !== undefined) return true;
  return false;
}

/**
 * The tool name of a `@Tool` method: its `name` option, else the method name.
 *
 * @param options - the method's `@Tool` options
 */
export function methodToolName(options: ToolMethodOptions): string {
  return nonBlank(options.name) ?? options.methodName;
}

/**
 * Whether the definition's input schema is known to be JSON object text without reading it (it was
 * made by {@link methodToolDefinition} from a manifest entry), so checking it can wait until first use.
 *
 * @param definition - a tool definition
 * @internal
 */
export function hasWellFormedInputSchema(definition: ToolDefinition): boolean {
  return wellFormedDefinitions.has(definition);
}

/**
 * The manifest's input schema with per-parameter options merged in by parameter index: `schema`
 * replaces the property's schema, `description` replaces its description, `required: false`
 * removes the parameter from `required` and `required: true` adds it. The manifest entry is not
 * changed.
 *
 * @param schema - the method's manifest entry
 * @param paramOptions - options by parameter index (`@ToolParam`, or an MCP equivalent)
 * @returns a new JSON Schema object
 */
export function mergeToolParamOptions(
  schema: ToolMethodSchema,
  paramOptions: Readonly<Record<number, ToolParamOptions>>,
): Record<string, unknown> {
  const inputSchema = structuredClone(schema.inputSchema) as Record<string, unknown>;
  const properties = (inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(inputSchema.required) ? (inputSchema.required as string[]) : []);
  for (const parameter of schema.parameters) {
    const options = paramOptions[parameter.index];
    if (parameter.kind !== 'argument' || options === undefined) continue;
    if (options.schema !== undefined) {
      const { description } = properties[parameter.name] ?? {};
      properties[parameter.name] = {
        ...structuredClone(options.schema),
        ...(description === undefined || options.schema.description !== undefined ? {} : { description }),
      };
    }
    const property = properties[parameter.name];
    if (nonBlank(options.description) !== undefined && property !== undefined) {
      property.description = options.description;
    }
    if (options.required === true) required.add(parameter.name);
    if (options.required === false) required.delete(parameter.name);
  }
  const argumentNames = schema.parameters.filter((p) => p.kind === 'argument').map((p) => p.name);
  // Parameter order first, then any other names the manifest listed.
  inputSchema.required = [
    ...argumentNames.filter((name) => required.has(name)),
    ...[...required].filter((name) => !argumentNames.includes(name)),
  ];
  return inputSchema;
}

function nonBlank(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text;
}
