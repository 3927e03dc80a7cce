/** A JSON Schema object node. */
type Schema = Record<string, unknown>;

/** The outcome of {@link toStrictToolSchema}: a strict-mode schema, or why the tool must stay non-strict. */
export type StrictToolSchemaResult =
  | { readonly ok: true; readonly schema: Record<string, unknown> }
  | { readonly ok: false; readonly problems: readonly string[] };

/** `format` values OpenAI's strict mode accepts. */
export const STRICT_FORMATS: readonly string[] = [
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
];
/** Deepest object nesting strict mode accepts (the root object is level 1). */
export const STRICT_MAX_NESTING = 10;
/** Most object properties, summed over the whole schema, strict mode accepts. */
export const STRICT_MAX_PROPERTIES = 5000;

/** Keywords strict mode accepts on a node. */
const ALLOWED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'description',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);
/** Constraints and annotations strict mode rejects but that only narrow values: moved into the description. */
const DESCRIBED = new Set([
  'minLength',
  'maxLength',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentEncoding',
  'contentMediaType',
]);
/** Dropped without a trace: metadata the model does not need. */
const DROPPED = new Set(['$schema', '$id', '$comment', 'title', 'definitions']);

/**
 * Rewrites a tool's input schema for OpenAI strict mode (`"strict": true` function tools, which
 * make the model's arguments always match the schema):
 *
 * - every object node (root, nested, in `$defs`, in `items`/`anyOf`) lists **all** its properties in
 *   `required` and gets `additionalProperties: false`;
 * - a property that was optional becomes **nullable** (`"type": ["string", "null"]`, `null` added to
 *   `enum`, or `anyOf: [..., {"type": "null"}]` for `$ref`s); the tool callbacks read `null` for an
 *   optional property as absent, so the method sees `undefined` as before;
 * - `$ref` with sibling keywords becomes `anyOf: [{"$ref": …}]` with the siblings beside it;
 * - constraints strict mode does not accept but that only narrow values (`minLength`, `maxLength`,
 *   `uniqueItems`, `default`, unsupported `format`s …) are removed and written into the
 *   `description` instead (e.g. `Constraints: minLength 3, maxLength 10.`), so the model still reads
 *   them; the tool's own validation still enforces them;
 * - `$schema`, `$comment` and `title` are dropped.
 *
 * A schema that cannot be made strict-compatible is reported instead, with each problem: maps
 * (`additionalProperties` with a schema, e.g. `Record<string, T>`), tuples (`prefixItems`), `allOf`,
 * `oneOf`, `not`, conditionals, pattern properties, nodes that accept any value (`{}`), arrays
 * without `items`, a root that is not an object, more than {@link STRICT_MAX_NESTING} levels of
 * nesting or more than {@link STRICT_MAX_PROPERTIES} properties. The result is checked with
 * {@link strictSchemaViolations} before it is returned.
 *
 * @param inputSchema - the tool's (non-strict) input schema, parsed
 * @returns `{ ok: true, schema }` or `{ ok: false, problems }`, e.g. problems
 *   `['#/properties/prices: a map (additionalProperties with a schema) cannot be strict']`
 * @see https://platform.openai.com/docs/guides/structured-outputs#supported-schemas
 */
export function toStrictToolSchema(inputSchema: Readonly<Record<string, unknown>>): StrictToolSchemaResult {
  const problems: string[] = [];
  const copy = JSON.parse(JSON.stringify(inputSchema)) as Schema;
  if (copy.type !== 'object') problems.push('#: the root must be {"type":"object"}');
  const root = rewrite(copy, '#', problems);
  if (isSchema(copy.$defs)) {
    const defs: Schema = {};
    for (const [name, definition] of Object.entries(copy.$defs)) {
      defs[name] = isSchema(definition) ? rewrite(definition, `#/$defs/${name}`, problems) : definition;
    }
    root.$defs = defs;
  }
  if (problems.length > 0) return { ok: false, problems };
  const violations = strictSchemaViolations(root);
  return violations.length > 0 ? { ok: false, problems: violations } : { ok: true, schema: root };
}

function rewrite(node: Schema, path: string, problems: string[]): Schema {
  const out: Schema = {};
  const described: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === '$defs' && path === '#') continue; // rewritten by the caller
    if (DROPPED.has(key) || key.startsWith('x-')) continue;
    if (key === 'format' && typeof value === 'string' && !STRICT_FORMATS.includes(value)) {
      described.push(`format ${value}`);
      continue;
    }
    if (DESCRIBED.has(key)) {
      described.push(`${key} ${JSON.stringify(value)}`);
      continue;
    }
    if (!ALLOWED.has(key)) {
      problems.push(`${path}: the keyword "${key}" cannot be strict`);
      continue;
    }
    out[key] = value;
  }

  if (isSchema(out.properties) || out.type === 'object') {
    if (out.additionalProperties !== undefined && out.additionalProperties !== false) {
      problems.push(`${path}: a map (additionalProperties with a schema, e.g. Record<string, T>) cannot be strict`);
    }
    const properties = isSchema(out.properties) ? out.properties : {};
    const required = new Set(Array.isArray(out.required) ? out.required : []);
    const rewritten: Schema = {};
    for (const [name, property] of Object.entries(properties)) {
      const child = isSchema(property) ? rewrite(property, `${path}/properties/${name}`, problems) : property;
      rewritten[name] = required.has(name) || !isSchema(child) ? child : nullable(child);
    }
    out.type = 'object';
    out.properties = rewritten;
    out.required = Object.keys(rewritten);
    out.additionalProperties = false;
  }
  if (schemaTypes(out).includes('array')) {
    if (isSchema(out.items)) out.items = rewrite(out.items, `${path}/items`, problems);
    else problems.push(`${path}: an array needs one "items" schema to be strict (tuples cannot be strict)`);
  }
  if (Array.isArray(out.anyOf)) {
    out.anyOf = out.anyOf.map((branch: unknown, i) =>
      isSchema(branch) ? rewrite(branch, `${path}/anyOf/${i}`, problems) : branch,
    );
  }
  if (out.type === undefined && Array.isArray(out.enum)) out.type = enumTypes(out.enum);
  if (out.type === undefined && out.const !== undefined) out.type = enumTypes([out.const]);
  if (out.type === undefined && out.$ref === undefined && out.anyOf === undefined) {
    problems.push(`${path}: a schema without a type (any value) cannot be strict`);
  }
  if (described.length > 0) {
    const note = `Constraints: ${described.join(', ')}.`;
    out.description = typeof out.description === 'string' ? `${sentence(out.description)} ${note}` : note;
  }
  return wrapRef(out);
}

/** The description ending as a sentence, so the constraints note reads apart from it (`hits per page` → `hits per page.`). */
function sentence(description: string): string {
  const text = description.trimEnd();
  return text === '' || /[.!?。！？:;]$/.test(text) ? text : `${text}.`;
}

/** `{"$ref": r, "description": d}` → `{"anyOf": [{"$ref": r}], "description": d}` (strict refs stand alone). */
function wrapRef(node: Schema): Schema {
  if (typeof node.$ref !== 'string' || Object.keys(node).length === 1) return node;
  const { $ref, ...siblings } = node;
  return { anyOf: [{ $ref }], ...siblings };
}

/** The node, also accepting `null`. */
function nullable(node: Schema): Schema {
  const types = schemaTypes(node);
  if (types.length > 0) {
    const out: Schema = { ...node, type: types.includes('null') ? node.type : [...types, 'null'] };
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
    if (out.const !== undefined) {
      out.enum = [out.const, null];
      delete out.const;
    }
    return out;
  }
  if (Array.isArray(node.anyOf)) {
    const accepts = node.anyOf.some((branch) => isSchema(branch) && schemaTypes(branch).includes('null'));
    return accepts ? node : { ...node, anyOf: [...(node.anyOf as unknown[]), { type: 'null' }] };
  }
  if (typeof node.$ref === 'string') return { anyOf: [{ $ref: node.$ref }, { type: 'null' }] };
  return node;
}

/**
 * Checks a schema against OpenAI's strict-mode rules, independently of {@link toStrictToolSchema}:
 * the root is an object (not `anyOf`); every object node has `additionalProperties: false` and lists
 * exactly its properties in `required`; only supported keywords and `format`s appear; every node
 * has a `type`, `$ref`, `anyOf`, `enum` or `const`; `$ref`s are local, resolve, and stand alone;
 * arrays have one `items` schema; nesting and property-count limits hold.
 *
 * @param schema - a schema as it would be sent (without `$schema`)
 * @returns one entry per violation, e.g. `#/properties/note: "note" is not listed in required`; empty when strict-compatible
 */
export function strictSchemaViolations(schema: Readonly<Record<string, unknown>>): string[] {
  const violations: string[] = [];
  if (schema.type !== 'object' || schema.anyOf !== undefined)
    violations.push('#: the root must be an object, not anyOf');
  let propertyCount = 0;
  const check = (node: unknown, path: string, depth: number): void => {
    if (!isSchema(node)) {
      violations.push(`${path}: must be a schema object`);
      return;
    }
    for (const key of Object.keys(node)) {
      if (!ALLOWED.has(key)) violations.push(`${path}: the keyword "${key}" is not allowed`);
    }
    if (typeof node.format === 'string' && !STRICT_FORMATS.includes(node.format)) {
      violations.push(`${path}: the format "${node.format}" is not allowed`);
    }
    if (node.type === undefined && node.$ref === undefined && node.anyOf === undefined && node.enum === undefined) {
      if (node.const === undefined) violations.push(`${path}: has no type`);
    }
    if (node.$ref !== undefined) {
      if (typeof node.$ref !== 'string' || !node.$ref.startsWith('#/$defs/')) {
        violations.push(`${path}: $ref must point into #/$defs`);
      } else if (!isSchema(schemaDefs(schema)[node.$ref.slice('#/$defs/'.length)])) {
        violations.push(`${path}: $ref ${node.$ref} does not resolve`);
      }
      if (Object.keys(node).length > 1) violations.push(`${path}: $ref must stand alone`);
    }
    const types = schemaTypes(node);
    if (types.includes('object') || node.properties !== undefined) {
      if (depth > STRICT_MAX_NESTING) violations.push(`${path}: nested deeper than ${STRICT_MAX_NESTING} levels`);
      if (node.additionalProperties !== false) violations.push(`${path}: additionalProperties must be false`);
      const properties = isSchema(node.properties) ? node.properties : {};
      const names = Object.keys(properties);
      const required = Array.isArray(node.required) ? (node.required as unknown[]) : [];
      for (const name of names) {
        if (!required.includes(name))
          violations.push(`${path}/properties/${name}: "${name}" is not listed in required`);
      }
      for (const name of required) {
        if (typeof name !== 'string' || !names.includes(name)) {
          violations.push(`${path}: required lists "${String(name)}", which is not a property`);
        }
      }
      propertyCount += names.length;
      for (const name of names) check(properties[name], `${path}/properties/${name}`, depth + 1);
    }
    if (types.includes('array')) {
      if (!isSchema(node.items)) violations.push(`${path}: an array must have one items schema`);
      else check(node.items, `${path}/items`, depth);
    }
    if (node.anyOf !== undefined) {
      if (!Array.isArray(node.anyOf) || node.anyOf.length === 0)
        violations.push(`${path}: anyOf must be a non-empty array`);
      else node.anyOf.forEach((branch, i) => check(branch, `${path}/anyOf/${i}`, depth));
    }
  };
  const { $defs, ...root } = schema;
  check(root, '#', 1);
  if ($defs !== undefined) {
    if (!isSchema($defs)) violations.push('#/$defs: must be an object');
    else for (const [name, definition] of Object.entries($defs)) check(definition, `#/$defs/${name}`, 1);
  }
  if (propertyCount > STRICT_MAX_PROPERTIES) {
    violations.push(`#: ${propertyCount} properties in total, more than ${STRICT_MAX_PROPERTIES}`);
  }
  return violations;
}

function schemaDefs(schema: Readonly<Schema>): Schema {
  return isSchema(schema.$defs) ? schema.$defs : {};
}

function enumTypes(values: readonly unknown[]): string | string[] {
  const types = [...new Set(values.map((v) => (v === null ? 'null' : Number.isInteger(v) ? 'integer' : typeof v)))];
  const merged = types.includes('number') ? types.filter((t) => t !== 'integer') : types;
  return merged.length === 1 ? merged[0] : merged;
}

function schemaTypes(node: Schema): string[] {
  if (typeof node.type === 'string') return [node.type];
  return Array.isArray(node.type) ? node.type.filter((t): t is string => typeof t === 'string') : [];
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
