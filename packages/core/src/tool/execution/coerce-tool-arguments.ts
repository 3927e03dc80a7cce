import {
  acceptsNull,
  escapePointerSegment,
  isSchemaNode,
  type JsonSchemaNode,
  resolveLocalRef,
  schemaTypes,
} from '../schema/json-schema-node';

/** The arguments after {@link coerceToolArguments}, and what it changed (for the debug log). */
export interface CoercedToolArguments {
  readonly value: unknown;
  /** One entry per change, e.g. `/quantity: "4" → 4` or `/note: null → absent`. */
  readonly changes: readonly string[];
}

/** A JSON number, exactly: no spaces, no `+`, no hex, no `NaN`/`Infinity`, no leading zeros. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Deeper than any tool argument object; guards against recursive schemas with cyclic refs. */
const MAX_DEPTH = 64;

/**
 * The coercion policy applied to a tool's arguments before they are validated against its input
 * schema. Exactly two kinds of change, both where the schema is unambiguous:
 *
 * 1. **Exact numeric and boolean strings.** Where the schema allows `number`/`integer` (or
 *    `boolean`) and not `string`, a string that is exactly a JSON number (`"4"`, `"-2.5"`, `"1e3"`)
 *    becomes that number, and `"true"`/`"false"` become booleans. Anything else (`" 4"`, `"4 apples"`,
 *    `"yes"`, `"0x10"`) is left as it is, so validation then fails naming the field
 *    (`/quantity must be integer`); a method typed `number` never receives a string.
 * 2. **`null` for an optional property means absent.** A property that is not in `required` and
 *    whose schema does not accept `null` is removed when the model sent `null`. This is how OpenAI
 *    strict mode (every property required, optional ones nullable) maps back to `x?: T`.
 *
 * Objects, arrays, tuples (`prefixItems`), maps (`additionalProperties` schemas), local `$ref`s and
 * nullable unions (`anyOf` with one non-null branch) are walked. The input is not modified.
 *
 * @param value - the parsed arguments, e.g. `{"quantity":"4","note":null}`
 * @param schema - the tool's input schema (the non-strict one)
 * @returns the coerced copy and the changes made, e.g. `{"quantity":4}` and `['/quantity: "4" → 4', '/note: null → absent']`
 * @remarks Spring AI converts `"1"` to `1` through Jackson for method parameters but not inside
 * nested objects, and rejects nothing; this policy is the same everywhere and never guesses.
 */
export function coerceToolArguments(value: unknown, schema: JsonSchemaNode): CoercedToolArguments {
  const copy = value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
  return coerceToolArgumentsInPlace(copy, schema);
}

/**
 * {@link coerceToolArguments} without the copy: changes `value` itself (internal, for callers that
 * own a freshly parsed value, such as the arguments parser).
 *
 * @param value - parsed JSON data nobody else holds
 * @param schema - the tool's input schema
 * @returns `value` (or its replacement when the root itself was coerced) and the changes made
 */
export function coerceToolArgumentsInPlace(value: unknown, schema: JsonSchemaNode): CoercedToolArguments {
  const changes: string[] = [];
  return { value: walk(value, schema, schema, '', changes, 0), changes };
}

function walk(
  value: unknown,
  schemaNode: JsonSchemaNode,
  root: JsonSchemaNode,
  path: string,
  changes: string[],
  depth: number,
): unknown {
  // Numbers, booleans and null are never changed here (null for an optional property is handled
  // by the parent object).
  if (depth > MAX_DEPTH || value === null || (typeof value !== 'string' && typeof value !== 'object')) return value;
  const node = typeof schemaNode.$ref === 'string' ? resolveLocalRef(schemaNode, root).node : schemaNode;
  const branch = singleNonNullBranch(node, root);
  if (branch !== undefined && value !== null) return walk(value, branch, root, path, changes, depth + 1);

  const types = schemaTypes(node);
  if (typeof value === 'string' && types.length > 0 && !types.includes('string')) {
    return coerceString(value, types, path, changes);
  }
  if (Array.isArray(value)) {
    const prefixItems = Array.isArray(node.prefixItems) ? node.prefixItems : [];
    return value.map((element: unknown, index) => {
      const itemSchema: unknown = index < prefixItems.length ? prefixItems[index] : node.items;
      return isSchemaNode(itemSchema)
        ? walk(element, itemSchema, root, `${path}/${index}`, changes, depth + 1)
        : element;
    });
  }
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    const properties = isSchemaNode(node.properties) ? node.properties : {};
    const required: readonly unknown[] = Array.isArray(node.required) ? node.required : [];
    for (const key of Object.keys(object)) {
      const declared = Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
      const propertySchema = isSchemaNode(declared)
        ? declared
        : isSchemaNode(node.additionalProperties)
          ? node.additionalProperties
          : undefined;
      if (propertySchema === undefined) continue;
      const child = object[key];
      if (child === null) {
        if (declared !== undefined && !required.includes(key) && !acceptsNull(propertySchema, root)) {
          delete object[key];
          changes.push(`${path}/${escapePointerSegment(key)}: null → absent`);
        }
        continue;
      }
      if (typeof child !== 'string' && typeof child !== 'object') continue;
      object[key] = walk(child, propertySchema, root, `${path}/${escapePointerSegment(key)}`, changes, depth + 1);
    }
  }
  return value;
}

function coerceString(value: string, types: readonly string[], path: string, changes: string[]): unknown {
  const where = path === '' ? '(root)' : path;
  if ((types.includes('number') || types.includes('integer')) && JSON_NUMBER.test(value)) {
    const number = Number(value);
    if (Number.isFinite(number) && (types.includes('number') || Number.isInteger(number))) {
      changes.push(`${where}: ${JSON.stringify(value)} → ${number}`);
      return number;
    }
  }
  if (types.includes('boolean') && (value === 'true' || value === 'false')) {
    changes.push(`${where}: ${JSON.stringify(value)} → ${value}`);
    return value === 'true';
  }
  return value;
}

/** For `anyOf`/`oneOf` with exactly one branch that is not `{"type":"null"}`: that branch. */
function singleNonNullBranch(node: JsonSchemaNode, root: JsonSchemaNode): JsonSchemaNode | undefined {
  const branches = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
  if (branches === undefined) return undefined;
  const nonNull = branches.filter(
    (branch): branch is JsonSchemaNode =>
      isSchemaNode(branch) && !(schemaTypes(resolveLocalRef(branch, root).node).join() === 'null'),
  );
  return nonNull.length === 1 ? nonNull[0] : undefined;
}
