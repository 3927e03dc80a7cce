/** JSON Schema dialect of Sprout's tool schemas. */
const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** How deep `$ref`s are inlined inside each other before the rest are kept as references. */
const MAX_INLINE_DEPTH = 16;

/**
 * How many JSON nodes (objects, arrays and values) inlining may add to the output in total; once
 * spent, the remaining `$ref`s are kept as references to root `$defs` entries.
 */
const MAX_INLINED_NODES = 1000;

/** Keywords whose value is a map of names to schemas. */
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'dependentSchemas']);

/** Keywords whose value is data, never a schema. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);

/**
 * Keywords dropped from every subschema: definitions are hoisted to the root `$defs` by need,
 * and a nested `$schema`/`$id` would change how the kept `#/$defs/…` references resolve.
 */
const DROPPED_KEYWORDS = new Set(['$defs', 'definitions', '$schema', '$id']);

type JsonObject = Record<string, unknown>;

/**
 * Turns an MCP tool's `inputSchema` into a valid tool schema for a model:
 * - not an object (missing, `null`, an array…) or `{}` → `{"type":"object","properties":{},"required":[]}`;
 * - `type` missing → `"object"`; `properties` missing → `{}`; `required` missing or malformed → the
 *   string entries of it, else `[]`;
 * - a `$schema` other than draft 2020-12 (e.g. draft-07) is removed, and draft-07 tuple `items`
 *   arrays become `prefixItems`;
 * - local `$ref`s (`#/$defs/X`, `#/definitions/X`, any JSON pointer into the document) are inlined
 *   with their targets while a budget lasts: at most 1000 JSON nodes are added by inlining in
 *   total, no definition is inlined inside itself (recursion guard) and no deeper than 16 levels.
 *   Every other reference stays a `$ref` to `#/$defs/<name>`, with its target kept (once) in the
 *   root `$defs`, so the schema still validates arguments all the way down. `#/$defs/X` keeps the
 *   name `X`; a different target that would get the same name (e.g. `#/definitions/X` next to
 *   `#/$defs/X`) gets another one (`X_definitions`), so each reference keeps its own target;
 * - a `$ref` that cannot be resolved (remote, or pointing nowhere or at a non-schema) becomes
 *   `{}` (any value);
 * - every other keyword is kept as it is.
 *
 * The work and the output grow linearly with the input (plus the fixed inlining budget), so a
 * small schema whose definitions reference each other many times cannot blow up.
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
  const inliner = new Inliner(root);
  const rest = inliner.schema(root, [root], 0) as JsonObject;
  const keptDefs = inliner.hoistKeptDefinitions();
  const result: JsonObject = {};
  if (root.$schema === DRAFT_2020_12) result.$schema = DRAFT_2020_12;
  result.type =
    rest.type === undefined || (Array.isArray(rest.type) && rest.type.includes('object')) ? 'object' : rest.type;
  if (typeof root.$id === 'string') result.$id = root.$id;
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

/**
 * Inlines local references within the budget and collects the ones it keeps; each kept target is
 * converted once, when {@link hoistKeptDefinitions} runs.
 */
class Inliner {
  /** Nodes inlining may still add. */
  private budget = MAX_INLINED_NODES;
  /** Size of each subschema of the input (memoised, so sizing is linear overall). */
  private readonly sizes = new WeakMap<object, number>();
  /** Root `$defs` name of each kept target (by identity, so two pointers to one target share it). */
  private readonly keptNames = new Map<object, string>();
  /** Names taken in the root `$defs`. */
  private readonly takenNames = new Set<string>();
  /** Names of the input's own `$defs` entries, reserved for their targets. */
  private readonly reserved = new Map<string, object>();
  /** Kept targets that have not been converted yet. */
  private readonly pending: { target: JsonObject; name: string }[] = [];

  constructor(private readonly root: JsonObject) {
    if (!isObject(root.$defs)) return;
    for (const [name, target] of Object.entries(root.$defs)) {
      const safe = safeDefName(name);
      if (isObject(target) && !this.reserved.has(safe)) this.reserved.set(safe, target);
    }
  }

  schema(node: unknown, stack: readonly object[], depth: number): unknown {
    if (Array.isArray(node)) return node.map((item) => this.schema(item, stack, depth));
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string') return this.reference(node, stack, depth);
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (DROPPED_KEYWORDS.has(key)) {
        continue;
      } else if (key === 'items' && Array.isArray(value)) {
        out.prefixItems = this.schema(value, stack, depth);
        if (node.additionalItems !== undefined) out.items = this.schema(node.additionalItems, stack, depth);
      } else if (key === 'additionalItems' && Array.isArray(node.items)) {
        continue;
      } else if (DATA_KEYWORDS.has(key)) {
        out[key] = value;
      } else if (SCHEMA_MAP_KEYWORDS.has(key)) {
        out[key] = isObject(value)
          ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, this.schema(sub, stack, depth)]))
          : value;
      } else {
        out[key] = this.schema(value, stack, depth);
      }
    }
    return out;
  }

  /**
   * Converts every kept target (and the targets they keep in turn) once.
   *
   * @returns the root `$defs`, by name
   */
  hoistKeptDefinitions(): JsonObject {
    const defs: JsonObject = {};
    for (let i = 0; i < this.pending.length; i++) {
      const { target, name } = this.pending[i];
      defs[name] = this.schema(target, [target], 0);
    }
    return defs;
  }

  private reference(node: JsonObject, stack: readonly object[], depth: number): unknown {
    const { $ref: _ref, ...siblings } = node;
    const { ref, target } = this.resolve(node.$ref as string);
    if (typeof target === 'boolean') {
      return Object.keys(siblings).length === 0 ? target : { allOf: [target, this.schema(siblings, stack, depth)] };
    }
    if (!isObject(target)) return this.schema(siblings, stack, depth);
    const size = this.sizeOf(target);
    if (stack.includes(target) || depth >= MAX_INLINE_DEPTH || size > this.budget) {
      return { ...(this.schema(siblings, stack, depth) as JsonObject), $ref: `#/$defs/${this.keep(ref, target)}` };
    }
    this.budget -= size;
    const inlined = this.schema(target, [...stack, target], depth + 1);
    if (Object.keys(siblings).length === 0) return inlined;
    const extra = this.schema(siblings, stack, depth) as JsonObject;
    // A sibling keyword that the target has too must hold as well as the target's (2020-12 semantics).
    return !isObject(inlined) || Object.keys(extra).some((key) => key in inlined)
      ? { allOf: [inlined, extra] }
      : { ...inlined, ...extra };
  }

  /**
   * The target of a local reference (and the reference that reached it), following references that are nothing but a `$ref`;
   * `undefined` when it cannot be resolved or such references form a cycle (which validates nothing).
   */
  private resolve(first: string): { ref: string; target: unknown } {
    const seen = new Set<unknown>();
    let ref = first;
    let target = ref.startsWith('#') ? resolvePointer(this.root, ref.slice(1)) : undefined;
    while (isObject(target) && typeof target.$ref === 'string' && Object.keys(target).length === 1) {
      if (seen.has(target)) return { ref, target: undefined };
      seen.add(target);
      ref = target.$ref;
      target = ref.startsWith('#') ? resolvePointer(this.root, ref.slice(1)) : undefined;
    }
    return { ref, target };
  }

  /** The root `$defs` name of a kept target, queuing the target the first time. */
  private keep(ref: string, target: JsonObject): string {
    const known = this.keptNames.get(target);
    if (known !== undefined) return known;
    const wanted = defName(ref);
    let name = wanted;
    if (this.reserved.get(wanted) !== target) {
      const base = this.reserved.has(wanted) && /^#\/definitions\//.test(ref) ? `${wanted}_definitions` : wanted;
      name = base;
      for (let n = 2; this.takenNames.has(name) || this.reserved.has(name); n++) name = `${base}_${n}`;
    }
    this.takenNames.add(name);
    this.keptNames.set(target, name);
    this.pending.push({ target, name });
    return name;
  }

  /** JSON nodes of a subschema as it is written (references count as written, not expanded). */
  private sizeOf(node: unknown): number {
    if (typeof node !== 'object' || node === null) return 1;
    const memo = this.sizes.get(node);
    if (memo !== undefined) return memo;
    let size = 1;
    if (Array.isArray(node)) for (const item of node) size += this.sizeOf(item);
    else for (const [key, value] of Object.entries(node)) if (!DROPPED_KEYWORDS.has(key)) size += this.sizeOf(value);
    this.sizes.set(node, size);
    return size;
  }
}

/** The value a JSON pointer (RFC 6901, without the leading `#`) points to, or `undefined`. */
function resolvePointer(root: JsonObject, pointer: string): unknown {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = decodePointerSegment(raw);
    if (segment === undefined) return undefined;
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isObject(current))
      current = Object.prototype.hasOwnProperty.call(current, segment) ? current[segment] : undefined;
    else return undefined;
  }
  return current;
}

/** `A%20B` → `A B`, `a~1b` → `a/b`; `undefined` for malformed percent-encoding. */
function decodePointerSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    return undefined;
  }
}

/** `#/definitions/Node` → `Node`; other pointers → their segments joined with `_`; made safe for a pointer. */
function defName(ref: string): string {
  const match = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(ref);
  const raw = match ? match[1] : ref.replace(/^#\/?/, '').replace(/\//g, '_') || 'root';
  return safeDefName(decodePointerSegment(raw) ?? raw);
}

/** A `$defs` name that needs no escaping in a `#/$defs/…` reference. */
function safeDefName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_.-]/g, '_') || 'def';
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
