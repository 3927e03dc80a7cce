import type { ToolArguments } from '../execution/tool-arguments-parser';
import { escapePointerSegment, isSchemaNode, type JsonSchemaNode, resolveLocalRef } from '../schema/json-schema-node';

const MAX_DEPTH = 64;

/**
 * Turns the date-time strings of a tool's arguments back into `Date`s: wherever the value sits at a
 * schema node listed in `dateSchemaPaths` (the manifest's record of where the TypeScript type was
 * `Date`: parameters, nested properties, array elements, `$defs`), the string becomes a `Date`.
 * Strings at other nodes (a `string` with `format: date-time`) stay strings. Runs after schema
 * validation, so the strings are valid date-times.
 *
 * @param args - the validated arguments (changed in place and returned)
 * @param inputSchema - the method's input schema from the manifest
 * @param dateSchemaPaths - pointers such as `#/properties/deliverBy`, `#/$defs/Order/properties/placedAt`
 * @returns `args`, with `Date`s
 */
export function reviveDateArguments(
  args: ToolArguments,
  inputSchema: JsonSchemaNode,
  dateSchemaPaths: readonly string[] | undefined,
): ToolArguments {
  if (dateSchemaPaths === undefined || dateSchemaPaths.length === 0) return args;
  const dates = new Set(dateSchemaPaths);
  return walk(args, inputSchema, '#', inputSchema, dates, 0) as ToolArguments;
}

function walk(
  value: unknown,
  schemaNode: JsonSchemaNode,
  pointer: string,
  root: JsonSchemaNode,
  dates: ReadonlySet<string>,
  depth: number,
): unknown {
  if (depth > MAX_DEPTH || value === null || value === undefined) return value;
  const resolved = resolveLocalRef(schemaNode, root);
  const node = resolved.node;
  const at = resolved.pointer ?? pointer;
  if (typeof value === 'string') {
    if (dates.has(at)) {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? value : date;
    }
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = node[keyword];
    if (!Array.isArray(branches)) continue;
    for (let i = 0; i < branches.length && !(value instanceof Date); i++) {
      const branch: unknown = branches[i];
      if (isSchemaNode(branch)) value = walk(value, branch, `${at}/${keyword}/${i}`, root, dates, depth + 1);
    }
  }
  if (Array.isArray(value)) {
    const prefixItems = Array.isArray(node.prefixItems) ? node.prefixItems : [];
    for (let i = 0; i < value.length; i++) {
      const prefixed = i < prefixItems.length;
      const itemSchema: unknown = prefixed ? prefixItems[i] : node.items;
      const itemPointer = prefixed ? `${at}/prefixItems/${i}` : `${at}/items`;
      if (isSchemaNode(itemSchema)) value[i] = walk(value[i], itemSchema, itemPointer, root, dates, depth + 1);
    }
    return value;
  }
  if (typeof value === 'object' && !(value instanceof Date)) {
    const object = value as Record<string, unknown>;
    const properties = isSchemaNode(node.properties) ? node.properties : {};
    for (const key of Object.keys(object)) {
      const declared = Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
      if (isSchemaNode(declared)) {
        const segment = encodeURIComponent(escapePointerSegment(key));
        object[key] = walk(object[key], declared, `${at}/properties/${segment}`, root, dates, depth + 1);
      } else if (isSchemaNode(node.additionalProperties)) {
        object[key] = walk(
          object[key],
          node.additionalProperties,
          `${at}/additionalProperties`,
          root,
          dates,
          depth + 1,
        );
      }
    }
  }
  return value;
}
