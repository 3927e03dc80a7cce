/** The JSON Schema dialect of every generated input schema. */
export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** A parameter as the root of an input schema needs it. */
export interface InputSchemaParameter {
  readonly name: string;
  readonly required: boolean;
  readonly description?: string;
  /** The parameter's literal default value, written as `default`. */
  readonly defaultValue?: string | number | boolean | null;
}

type Schema = Record<string, unknown>;

/** Keywords whose value is one subschema. */
const SCHEMA_KEYWORDS = [
  'additionalProperties',
  'items',
  'additionalItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
];
/** Keywords whose value is an array of subschemas. */
const SCHEMA_ARRAY_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/**
 * Turns the draft-07 object schema that typescript-json-schema generates for a method's
 * parameters into the shape of Spring AI's method input schema: `$schema` (draft 2020-12),
 * `type: "object"`, `$defs` (only when non-empty; `#/definitions/X` refs become `#/$defs/X`),
 * `properties` in parameter order, `required` (always present), `additionalProperties: false`.
 * Every nested object schema with `properties` and no `additionalProperties` gets
 * `additionalProperties: false`; tuples use `prefixItems`; `description` comes after the type keywords;
 * a nullable `type` list ends with `"null"` (`["string","null"]`).
 *
 * @param generated - the schema typescript-json-schema returned for the parameters interface
 * @param parameters - the argument parameters in declaration order (no `ToolContext`)
 * @returns the normalized schema, e.g.
 *   `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"orderId":{"type":"string"}},"required":["orderId"],"additionalProperties":false}`
 * @see Spring AI `JsonSchemaGenerator.generateForMethodInput`
 */
export function normalizeInputSchema(generated: Schema, parameters: readonly InputSchemaParameter[]): Schema {
  const copy = JSON.parse(JSON.stringify(generated)) as Schema;
  const definitions = isSchema(copy.definitions) ? copy.definitions : {};
  const refs = definitionRefs(Object.keys(definitions));
  const normalizeNode = (node: Schema): Schema => normalizeSubschema(node, refs);
  const generatedProperties = isSchema(copy.properties) ? copy.properties : {};
  const properties: Schema = {};
  for (const parameter of parameters) {
    const property = generatedProperties[parameter.name];
    const schema: Schema = isSchema(property) ? normalizeNode(property) : {};
    if (parameter.defaultValue !== undefined) schema.default = parameter.defaultValue;
    if (parameter.description !== undefined) schema.description = parameter.description;
    properties[parameter.name] = orderKeywords(schema);
  }
  const root: Schema = { $schema: DRAFT_2020_12, type: 'object' };
  if (Object.keys(definitions).length > 0) {
    const defs: Schema = {};
    for (const [name, definition] of Object.entries(definitions)) {
      defs[refs.names.get(name) ?? name] = isSchema(definition) ? normalizeNode(definition) : definition;
    }
    root.$defs = defs;
  }
  root.properties = properties;
  root.required = parameters.filter((p) => p.required).map((p) => p.name);
  root.additionalProperties = false;
  return root;
}

interface DefinitionRefs {
  /** `$defs` key by typescript-json-schema definition name. */
  readonly names: ReadonlyMap<string, string>;
  /** New `$ref` by old `$ref`. */
  readonly refs: ReadonlyMap<string, string>;
}

/**
 * `$defs` keys for typescript-json-schema's definition names: generic instantiations such as
 * `Record<"a"|"b",string>` become `Record_a_b_string`, so refs need no percent-encoding.
 */
function definitionRefs(names: readonly string[]): DefinitionRefs {
  const taken = new Set(names.filter((name) => /^[A-Za-z0-9_.-]+$/.test(name)));
  const renamed = new Map<string, string>();
  const refs = new Map<string, string>();
  for (const name of names) {
    let key = name;
    if (!taken.has(name)) {
      const base = name.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '') || 'Type';
      key = base;
      for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
      taken.add(key);
    }
    renamed.set(name, key);
    refs.set(`#/definitions/${name}`, `#/$defs/${key}`);
    refs.set(`#/definitions/${encodeURIComponent(name)}`, `#/$defs/${key}`);
  }
  return { names: renamed, refs };
}

/** Normalizes one subschema and everything below it (in place, returning it for convenience). */
function normalizeSubschema(node: Schema, definitions: DefinitionRefs): Schema {
  const normalizeNode = (child: Schema): Schema => normalizeSubschema(child, definitions);
  if (typeof node.$ref === 'string') {
    node.$ref = definitions.refs.get(node.$ref) ?? node.$ref.replace(/^#\/definitions\//, '#/$defs/');
  }
  delete node.$schema;
  // typescript-json-schema sorts type names ("null" first); the written type leads, as in `T | null`.
  if (Array.isArray(node.type) && node.type.includes('null')) {
    node.type = [...(node.type as unknown[]).filter((type) => type !== 'null'), 'null'];
  }
  if (Array.isArray(node.items)) {
    node.prefixItems = node.items;
    if (node.additionalItems === undefined) delete node.items;
    else node.items = node.additionalItems;
    delete node.additionalItems;
  }
  for (const keyword of SCHEMA_KEYWORDS) {
    if (isSchema(node[keyword])) normalizeNode(node[keyword]);
  }
  for (const keyword of SCHEMA_ARRAY_KEYWORDS) {
    const list = node[keyword];
    if (Array.isArray(list)) list.forEach((item) => isSchema(item) && normalizeNode(item));
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = node[keyword];
    if (!isSchema(map)) continue;
    for (const [key, value] of Object.entries(map)) {
      if (isSchema(value)) map[key] = normalizeNode(value);
    }
  }
  if (isSchema(node.properties)) {
    if (node.additionalProperties === undefined) node.additionalProperties = false;
    const order = Object.keys(node.properties);
    if (Array.isArray(node.required))
      node.required = [...(node.required as string[])].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  }
  return orderKeywords(node);
}

/** Keywords that lead, in this order; the rest keep their order, and `description` comes last (as Spring AI writes them). */
const LEADING_KEYWORDS = [
  '$ref',
  'type',
  'format',
  'const',
  'enum',
  'items',
  'prefixItems',
  'properties',
  'required',
  'additionalProperties',
];

function orderKeywords(node: Schema): Schema {
  const entries = Object.entries(node);
  const rank = (key: string): number => {
    if (key === 'description') return LEADING_KEYWORDS.length + 1;
    const index = LEADING_KEYWORDS.indexOf(key);
    return index === -1 ? LEADING_KEYWORDS.length : index;
  };
  entries.sort(([a], [b]) => rank(a) - rank(b));
  for (const [key] of entries) delete node[key];
  for (const [key, value] of entries) node[key] = value;
  return node;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
