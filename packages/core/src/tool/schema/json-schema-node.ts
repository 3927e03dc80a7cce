/** A JSON Schema object node, e.g. `{"type":"string"}`. */
export type JsonSchemaNode = Readonly<Record<string, unknown>>;

/** True for a JSON object (a schema node); false for arrays, `true`/`false` schemas and primitives. */
export function isSchemaNode(value: unknown): value is JsonSchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Follows local `$ref`s (`#/$defs/Name`, `#/definitions/Name`, any `#/…` pointer) from `node` to
 * the node they point to, at most 32 hops (a cycle of bare refs ends there).
 *
 * @param node - the node, maybe a `$ref`
 * @param root - the schema document the refs point into
 * @returns the target and its pointer (`#/$defs/Name`), or the node itself (pointer `undefined`)
 *   when it is no local ref or the ref does not resolve
 */
export function resolveLocalRef(
  node: JsonSchemaNode,
  root: JsonSchemaNode,
): { readonly node: JsonSchemaNode; readonly pointer?: string } {
  let current = node;
  let pointer: string | undefined;
  for (let hops = 0; hops < 32 && typeof current.$ref === 'string' && current.$ref.startsWith('#'); hops++) {
    const target = nodeAtPointer(root, current.$ref);
    if (target === undefined) break;
    pointer = current.$ref;
    current = target;
  }
  return { node: current, pointer };
}

/**
 * The node at a JSON pointer in URI-fragment form, e.g. `#/$defs/Order/properties/id`.
 *
 * @returns the node, or `undefined` when the pointer does not lead to an object node
 */
export function nodeAtPointer(root: JsonSchemaNode, pointer: string): JsonSchemaNode | undefined {
  const path = pointer.replace(/^#/, '');
  if (path === '') return root;
  let current: unknown = root;
  for (const raw of path.split('/').slice(1)) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isSchemaNode(current)) current = current[segment];
    else return undefined;
  }
  return isSchemaNode(current) ? current : undefined;
}

/** One segment of a JSON pointer, escaped (`~` → `~0`, `/` → `~1`). */
export function escapePointerSegment(segment: string): string {
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The `type` keyword as a list (`"string"` → `["string"]`; absent → `[]`). */
export function schemaTypes(node: JsonSchemaNode): readonly string[] {
  const { type } = node;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

/**
 * True when the node accepts `null`: `type` lists `"null"`, `const`/`enum` holds `null`, a branch
 * of `anyOf`/`oneOf` does, or the node has no type constraint at all (`{}`).
 */
export function acceptsNull(node: JsonSchemaNode, root: JsonSchemaNode, depth = 0): boolean {
  if (depth > 16) return true;
  const resolved = resolveLocalRef(node, root).node;
  if (schemaTypes(resolved).includes('null')) return true;
  if (resolved.const === null) return true;
  if (Array.isArray(resolved.enum)) return resolved.enum.includes(null);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = resolved[keyword];
    if (Array.isArray(branches)) {
      return branches.some((branch) => isSchemaNode(branch) && acceptsNull(branch, root, depth + 1));
    }
  }
  return resolved.type === undefined && resolved.properties === undefined && resolved.items === undefined;
}
