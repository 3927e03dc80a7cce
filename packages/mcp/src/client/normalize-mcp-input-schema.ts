/** JSON Schema dialect of Sprout's tool schemas. */
const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** How deep `$ref`s are inlined before the rest are kept as references. */
const MAX_INLINE_DEPTH = 16;

type JsonObject = Record<string, unknown>;

/**
 * Turns an MCP tool's `inputSchema` into a valid tool schema for a model:
 * - not an object (missing, `null`, an array…) or `{}` → `{"type":"object","properties":{},"required":[]}`;
 * - `type` missing → `"object"`; `properties` missing → `{}`; `required` missing or malformed → the
 *   string entries of it, else `[]`;
 * - a `$schema` other than draft 2020-12 (e.g. draft-07) is removed, and draft-07 tuple `items`
 *   arrays become `prefixItems`;
 * - local `$ref`s (`#/$defs/X`, `#/definitions/X`, any JSON pointer into the document) are inlined
 *   with their targets; a recursive reference, or one deeper than 16 levels, stays a `$ref` to
 *   `#/$defs/<name>`, with its target kept in the root `$defs` (recursion guard); a `$ref` that
 *   cannot be resolved (remote, or pointing nowhere) becomes `{}` (any value);
 * - every other keyword is kept as it is.
 *
 * @param inputSchema - the `inputSchema` as the MCP server listed it
 * @returns a new schema object (the input is not changed)
 * @see Spring AI `JsonSchemaUtils.ensureValidInputSchema`
 * @remarks Spring only adds `type` and `properties`; it keeps foreign `$schema`s and `$ref`s, which
 * some providers reject.
 */
export function normalizeMcpInputSchema(inputSchema: unknown): JsonObject {
  if (!isObject(inputSchema)) return { type: 'object', properties: {}, required: [] };
  const root = structuredClone(inputSchema);
  const keptDefs: JsonObject = {};
  const resolved = new Inliner(root, keptDefs).schema(root, [], 0) as JsonObject;
  const { $schema, $defs: _defs, definitions: _definitions, ...rest } = resolved;
  const result: JsonObject = {};
  if ($schema === DRAFT_2020_12) result.$schema = $schema;
  result.type =
    rest.type === undefined || (Array.isArray(rest.type) && rest.type.includes('object')) ? 'object' : rest.type;
  if (Object.keys(keptDefs).length > 0) result.$defs = keptDefs;
  Object.assign(result, rest, { type: result.type });
  if (result.type === 'object') {
    if (!isObject(result.properties)) result.properties = {};
    result.required = Array.isArray(result.required)
      ? result.required.filter((name): name is string => typeof name === 'string')
      : [];
  }
  return result;
}

/** Inlines local references, remembering the chain of references being expanded. */
class Inliner {
  constructor(
    private readonly root: JsonObject,
    private readonly keptDefs: JsonObject,
  ) {}

  schema(node: unknown, stack: readonly string[], depth: number): unknown {
    if (Array.isArray(node)) return node.map((item) => this.schema(item, stack, depth));
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string') return this.reference(node, stack, depth);
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'items' && Array.isArray(value)) {
        out.prefixItems = this.schema(value, stack, depth);
        if (node.additionalItems !== undefined) out.items = this.schema(node.additionalItems, stack, depth);
      } else if (key === 'additionalItems' && Array.isArray(node.items)) {
        continue;
      } else if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') {
        out[key] = value;
      } else if (key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions') {
        out[key] = isObject(value)
          ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, this.schema(sub, stack, depth)]))
          : value;
      } else {
        out[key] = this.schema(value, stack, depth);
      }
    }
    return out;
  }

  private reference(node: JsonObject, stack: readonly string[], depth: number): unknown {
    const ref = node.$ref as string;
    const { $ref: _ref, ...siblings } = node;
    const target = ref.startsWith('#') ? resolvePointer(this.root, ref.slice(1)) : undefined;
    if (target === undefined) return this.schema(siblings, stack, depth);
    if (stack.includes(ref) || depth >= MAX_INLINE_DEPTH) {
      const name = defName(ref);
      if (!(name in this.keptDefs)) {
        this.keptDefs[name] = {};
        this.keptDefs[name] = this.schema(target, [ref], 0);
      }
      return { ...(this.schema(siblings, stack, depth) as JsonObject), $ref: `#/$defs/${name}` };
    }
    const inlined = this.schema(target, [...stack, ref], depth + 1);
    return Object.keys(siblings).length === 0 || !isObject(inlined)
      ? inlined
      : { ...inlined, ...(this.schema(siblings, stack, depth) as JsonObject) };
  }
}

/** The value a JSON pointer (RFC 6901, without the leading `#`) points to, or `undefined`. */
function resolvePointer(root: JsonObject, pointer: string): unknown {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isObject(current))
      current = Object.prototype.hasOwnProperty.call(current, segment) ? current[segment] : undefined;
    else return undefined;
  }
  return current;
}

/** `#/definitions/Node` → `Node`; other pointers → their segments joined with `_`. */
function defName(ref: string): string {
  const match = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(ref);
  const raw = match ? match[1] : ref.replace(/^#\/?/, '').replace(/\//g, '_') || 'root';
  return decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
