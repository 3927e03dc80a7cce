import 'reflect-metadata';
import { getToolParamPropertyOptions } from '../annotation/tool-param';
import { runtimeTypeSchema } from '../schema/runtime-tool-method-schema';
import type { ToolArgumentTypeSchema } from '../schema/tool-schema-manifest';

type Schema = Record<string, unknown>;

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/**
 * The runtime-only fallback for an augmentation argument type without a manifest entry (plain
 * JavaScript, no build step), as `runtimeToolMethodSchema` is for methods: one property per
 * `@ToolParam` property, its schema from `@ToolParam({ schema })`, else from its type
 * (`@ToolParam({ type })` or `design:type`: `String`, `Number`, `Boolean`, `Date`, or a class with
 * class-validator decorators); required unless `@ToolParam({ required: false })`.
 *
 * @param argumentType - the class
 * @returns the entry, or `undefined` when it has no `@ToolParam` property or one is not described
 */
export function runtimeArgumentTypeSchema(
  argumentType: abstract new (...args: never[]) => unknown,
): ToolArgumentTypeSchema | undefined {
  const options = getToolParamPropertyOptions(argumentType);
  const names = Object.keys(options);
  if (names.length === 0) return undefined;
  const defs: Schema = {};
  const properties: Schema = {};
  const required: string[] = [];
  const dateSchemaPaths: string[] = [];
  for (const name of names) {
    const option = options[name];
    const type: unknown = option.type ?? Reflect.getMetadata('design:type', argumentType.prototype as object, name);
    const schema = option.schema === undefined ? runtimeTypeSchema(type, defs) : { ...option.schema };
    if (schema === undefined) return undefined;
    if (type === Date && option.schema === undefined) dateSchemaPaths.push(`#/properties/${encodeURIComponent(name)}`);
    if (option.description !== undefined && schema.description === undefined) schema.description = option.description;
    properties[name] = schema;
    if (option.required ?? true) required.push(name);
  }
  return {
    className: argumentType.name,
    sourceFile: '<runtime>',
    inputSchema: {
      $schema: DRAFT_2020_12,
      type: 'object',
      ...(Object.keys(defs).length === 0 ? {} : { $defs: defs }),
      properties,
      required,
      additionalProperties: false,
    },
    ...(dateSchemaPaths.length === 0 ? {} : { dateSchemaPaths }),
  };
}
