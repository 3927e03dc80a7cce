import { ConfigurationError } from '../../error/configuration-error';
import { getToolParamPropertyOptions } from '../annotation/tool-param';
import { InvalidToolSchemaError } from '../schema/invalid-tool-schema-error';
import { isSchemaNode, type JsonSchemaNode } from '../schema/json-schema-node';
import { toolSchemaRegistry, type ToolSchemaRegistry } from '../schema/tool-schema-registry';
import { argumentTypeSchema } from './argument-type-schema';

type Schema = Record<string, unknown>;

/**
 * One property added to tool input schemas.
 *
 * @see Spring AI `ToolInputSchemaAugmenter.AugmentedArgumentType`
 * @remarks Spring carries the Java type and generates its schema while augmenting; here the
 * schema comes ready from the build-time manifest.
 */
export interface AugmentedArgumentType {
  /** The property name, e.g. `innerThought`. */
  readonly name: string;
  /**
   * JSON Schema of the value, e.g. `{"type":"string"}`. It may carry the `$defs` its `$ref`s point
   * into (`{"$ref":"#/$defs/Step","$defs":{"Step":{…}}}`); they move to the root of the augmented
   * schema.
   */
  readonly schema: Readonly<Record<string, unknown>>;
  /** Written as the property's `description` when not blank. */
  readonly description?: string;
  /** Whether the name is added to the schema's `required`. */
  readonly required: boolean;
}

/**
 * Adds the properties of an augmentation argument type to tool input schemas: the schema operation
 * of `AugmentedToolCallback`, on its own.
 *
 * @see Spring AI `ToolInputSchemaAugmenter`
 */
export class ToolInputSchemaAugmenter {
  private constructor() {}

  /**
   * The properties of an argument type, from its manifest entry (see `ToolSchemaManifest.argumentTypes`),
   * in declaration order, with the run-time `@ToolParam` options of its properties laid over it
   * (`schema` replaces a property's schema, a non-blank `description` its description, `required`
   * its required flag).
   *
   * @param argumentType - the class, e.g. `AgentThinking`
   * @param schemaRegistry - where its schema is looked up. @defaultValue the shared `toolSchemaRegistry`
   * @returns one entry per property
   * @throws MissingToolSchemaError when no loaded manifest has the class (and the registry's runtime
   *   fallback cannot describe it)
   * @throws ConfigurationError when the argument type is not a named class or has no properties
   * @remarks Spring reads `@ToolParam` of record components and treats an unannotated one as
   * optional with the description "no description"; here a property is optional when declared `?`
   * and described by its TSDoc, as a tool parameter is.
   */
  static toAugmentedArgumentTypes(
    argumentType: abstract new (...args: never[]) => unknown,
    schemaRegistry: ToolSchemaRegistry = toolSchemaRegistry,
  ): AugmentedArgumentType[] {
    if (typeof argumentType !== 'function' || argumentType.name === '') {
      throw new ConfigurationError({
        setting: 'argumentType',
        value: argumentType,
        allowed: 'a named class whose properties carry @ToolParam',
        message: `The augmentation argument type must be a named class whose properties carry @ToolParam (got ${describe(argumentType)}).`,
      });
    }
    const entry = argumentTypeSchema(argumentType, schemaRegistry);
    const root = entry.inputSchema;
    const properties = isSchemaNode(root.properties) ? root.properties : {};
    const required = new Set(Array.isArray(root.required) ? (root.required as unknown[]) : []);
    const defs = isSchemaNode(root.$defs) ? root.$defs : {};
    const options = getToolParamPropertyOptions(argumentType);
    const types = Object.entries(properties).map(([name, property]): AugmentedArgumentType => {
      const option = options[name] ?? {};
      const { description, ...generated } = isSchemaNode(property) ? property : {};
      const schema: Schema = option.schema === undefined ? generated : structuredClone(option.schema);
      const given =
        nonBlank(option.description) ?? (typeof description === 'string' ? nonBlank(description) : undefined);
      const used = referencedDefs(schema, defs);
      return {
        name,
        schema: Object.keys(used).length === 0 ? schema : { ...schema, $defs: used },
        ...(given === undefined ? {} : { description: given }),
        required: option.required ?? required.has(name),
      };
    });
    if (types.length === 0) {
      throw new ConfigurationError({
        setting: 'argumentType',
        value: argumentType.name,
        allowed: 'a class with at least one property',
        message: `The augmentation argument type ${argumentType.name} has no properties; declare the fields the model should fill in, each with @ToolParam.`,
      });
    }
    return types;
  }

  /**
   * Adds properties to a tool's input schema: each becomes `properties[name]` (its schema, with the
   * description when not blank), a required one is appended to `required` (created when missing),
   * and the `$defs` the schemas carry move to the root `$defs` — an equal definition of the same
   * name is shared, a different one is renamed `<Name>_2`, `<Name>_3` … and the `$ref`s to it
   * rewritten. Every other root keyword (e.g. `additionalProperties: false`) is kept.
   *
   * @param inputSchema - the tool's input schema as JSON object text, e.g. `{"type":"object","properties":{"orderId":{"type":"string"}}}`
   * @param argumentTypes - the properties to add
   * @param toolName - the tool, for error messages
   * @returns the augmented schema as compact JSON text
   * @throws InvalidToolSchemaError when the input schema is not JSON object text
   * @throws ConfigurationError when the schema already has a property of an added name
   * @remarks Spring pretty-prints the result and overwrites a property of the same name.
   */
  static augmentToolInputSchema(
    inputSchema: string,
    argumentTypes: readonly AugmentedArgumentType[],
    toolName = 'the tool',
  ): string {
    const root = parseObject(inputSchema, toolName);
    const properties: Schema = isSchemaNode(root.properties) ? { ...root.properties } : {};
    const required: unknown[] = Array.isArray(root.required) ? [...(root.required as unknown[])] : [];
    const defs: Schema = isSchemaNode(root.$defs) ? { ...root.$defs } : {};
    for (const argument of argumentTypes) {
      if (Object.prototype.hasOwnProperty.call(properties, argument.name)) {
        throw new ConfigurationError({
          setting: 'augmented argument name',
          value: argument.name,
          allowed: `a name ${toolName}'s input schema does not have`,
          message: `The input schema of ${toolName} already has a property '${argument.name}'; an augmented argument cannot replace it. Rename one of them.`,
        });
      }
      const { $defs, ...schema } = structuredClone(argument.schema) as Schema;
      const renames = isSchemaNode($defs) ? hoistDefs($defs, defs) : new Map<string, string>();
      const property = renames.size === 0 ? schema : (rewriteRefs(schema, renames) as Schema);
      const description = nonBlank(argument.description);
      properties[argument.name] = description === undefined ? property : { ...property, description };
      if (argument.required && !required.includes(argument.name)) required.push(argument.name);
    }
    return JSON.stringify(withKeywords(root, defs, properties, required));
  }
}

/**
 * The root with `$defs`, `properties` and `required` replaced in their places; a new `$defs` goes
 * just before `properties`, a new `properties` or `required` at the end.
 */
function withKeywords(root: Schema, defs: Schema, properties: Schema, required: unknown[]): Schema {
  const result: Schema = {};
  const hasDefs = Object.keys(defs).length > 0;
  for (const [key, value] of Object.entries(root)) {
    if (key === '$defs') {
      if (hasDefs) result.$defs = defs;
    } else if (key === 'properties') {
      if (hasDefs) result.$defs = defs;
      result.properties = properties;
    } else if (key === 'required') result.required = required;
    else result[key] = value;
  }
  if (hasDefs) result.$defs ??= defs;
  result.properties ??= properties;
  if (required.length > 0) result.required ??= required;
  return result;
}

/**
 * Moves definitions into the root's `$defs`: an equal one under the same name is shared, a
 * different one gets the first free `<Name>_<n>` (n from 2).
 *
 * @returns the new name of each renamed definition
 */
function hoistDefs(incoming: Schema, target: Schema): Map<string, string> {
  const renames = new Map<string, string>();
  for (const name of Object.keys(incoming)) {
    if (!Object.prototype.hasOwnProperty.call(target, name)) continue;
    if (sameJson(target[name], incoming[name])) continue;
    let n = 2;
    while (
      Object.prototype.hasOwnProperty.call(target, `${name}_${n}`) ||
      Object.prototype.hasOwnProperty.call(incoming, `${name}_${n}`)
    )
      n++;
    renames.set(name, `${name}_${n}`);
  }
  for (const [name, definition] of Object.entries(incoming)) {
    const key = renames.get(name) ?? name;
    if (Object.prototype.hasOwnProperty.call(target, key) && !renames.has(name)) continue;
    target[key] = renames.size === 0 ? definition : rewriteRefs(definition, renames);
  }
  return renames;
}

/** A copy of `node` whose `#/$defs/<Name>` refs (and refs into them) follow the renames. */
function rewriteRefs(node: unknown, renames: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, renames));
  if (!isSchemaNode(node)) return node;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      const match = /^#\/\$defs\/([^/]+)(.*)$/.exec(value);
      const renamed = match === null ? undefined : renames.get(decodeURIComponent(match[1]));
      copy[key] = renamed === undefined || match === null ? value : `#/$defs/${renamed}${match[2]}`;
    } else copy[key] = rewriteRefs(value, renames);
  }
  return copy;
}

/** The definitions of `defs` that `node` refers to, directly or through other definitions. */
function referencedDefs(node: unknown, defs: JsonSchemaNode): Schema {
  const used: Schema = {};
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    if (!isSchemaNode(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        const match = /^#\/\$defs\/([^/]+)/.exec(child);
        const name = match === null ? undefined : decodeURIComponent(match[1]);
        if (name !== undefined && used[name] === undefined && defs[name] !== undefined) {
          used[name] = defs[name];
          visit(defs[name]);
        }
      } else visit(child);
    }
  };
  visit(node);
  return used;
}

function parseObject(text: string, toolName: string): Schema {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new InvalidToolSchemaError(
      `Failed to parse the input schema of ${toolName} to augment it: ${(error as Error).message}. Give a JSON Schema object as text.`,
      { toolName, cause: error },
    );
  }
  if (!isSchemaNode(parsed)) {
    throw new InvalidToolSchemaError(
      `The input schema of ${toolName} is not a JSON object, so it cannot be augmented. Give a JSON Schema object as text.`,
      { toolName },
    );
  }
  return parsed;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function nonBlank(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text;
}

function describe(value: unknown): string {
  if (typeof value === 'function') return 'an anonymous class';
  return value === null ? 'null' : typeof value;
}
