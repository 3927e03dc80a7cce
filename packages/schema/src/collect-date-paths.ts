import { DATE_MARKER } from './support-sprout-types';

type Schema = Record<string, unknown>;

const SUBSCHEMA = ['items', 'additionalProperties', 'contains', 'not', 'if', 'then', 'else', 'propertyNames'];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

/**
 * Removes the `Date` markers (see {@link DATE_MARKER}) from a normalized input schema and returns
 * where they were, as JSON pointers into the schema in URI-fragment form, e.g.
 * `["#/properties/deliverBy", "#/$defs/ProductDto/properties/releasedAt"]`; the runtime converts the
 * date-time strings found at those schema nodes to `Date`s before the method runs.
 *
 * @param schema - the schema, changed in place
 * @returns the pointers, in document order
 */
export function collectDatePaths(schema: Schema): string[] {
  const paths: string[] = [];
  const visit = (node: Schema, pointer: string): void => {
    if (node[DATE_MARKER] === true) {
      paths.push(pointer);
      delete node[DATE_MARKER];
    }
    for (const key of SUBSCHEMA) {
      const child = node[key];
      if (isSchema(child)) visit(child, `${pointer}/${key}`);
    }
    for (const key of SUBSCHEMA_LISTS) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((child, i) => isSchema(child) && visit(child, `${pointer}/${key}/${i}`));
    }
    for (const key of SUBSCHEMA_MAPS) {
      const map = node[key];
      if (!isSchema(map)) continue;
      for (const [name, child] of Object.entries(map)) {
        if (isSchema(child)) visit(child, `${pointer}/${key}/${escape(name)}`);
      }
    }
  };
  visit(schema, '#');
  return paths;
}

function escape(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
