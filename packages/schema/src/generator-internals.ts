import type ts from 'typescript';
import type { JsonSchemaGenerator } from 'typescript-json-schema';

/** A schema node as typescript-json-schema builds it. */
export type Definition = Record<string, unknown>;

/**
 * typescript-json-schema's private `getTypeDefinition`, which Sprout wraps to teach the generator
 * its conventions. Private API: re-check the signature when upgrading typescript-json-schema.
 */
export type GetTypeDefinition = (
  type: ts.Type,
  asRef?: boolean,
  unionModifier?: string,
  prop?: ts.Symbol,
  reffedType?: ts.Symbol,
  pairedSymbol?: ts.Symbol,
  forceNotRef?: boolean,
  ignoreUndefined?: boolean,
) => Definition;

/** The generator seen through its private `getTypeDefinition`, so it can be wrapped. */
export function withTypeDefinitionHook(generator: JsonSchemaGenerator): { getTypeDefinition: GetTypeDefinition } {
  return generator as unknown as { getTypeDefinition: GetTypeDefinition };
}

/**
 * typescript-json-schema's private `getUnionDefinition`: fills `definition` for a union type (literal
 * members become one `enum`, which it sorts) and returns it. Private API, like {@link GetTypeDefinition}.
 */
export type GetUnionDefinition = (unionType: ts.UnionType, unionModifier: string, definition: Definition) => Definition;

/** The generator seen through its private `getUnionDefinition`, so it can be wrapped. */
export function withUnionDefinitionHook(generator: JsonSchemaGenerator): { getUnionDefinition: GetUnionDefinition } {
  return generator as unknown as { getUnionDefinition: GetUnionDefinition };
}

/**
 * typescript-json-schema's private `parseCommentsIntoDefinition`: copies a symbol's TSDoc into
 * `definition` (`description`, and JSDoc keyword tags such as `@minimum`). Private API, like
 * {@link GetTypeDefinition}.
 */
export type ParseCommentsIntoDefinition = (
  symbol: ts.Symbol | undefined,
  definition: Definition,
  otherAnnotations: Record<string, true>,
) => void;

/** The generator seen through its private `parseCommentsIntoDefinition`, so it can be wrapped. */
export function withCommentsHook(generator: JsonSchemaGenerator): {
  parseCommentsIntoDefinition: ParseCommentsIntoDefinition;
} {
  return generator as unknown as { parseCommentsIntoDefinition: ParseCommentsIntoDefinition };
}

/**
 * typescript-json-schema's private `getClassDefinition`: fills `definition` with the properties of
 * an object type (class, interface, type literal, mapped type) and returns it. Private API, like
 * {@link GetTypeDefinition}.
 */
export type GetClassDefinition = (type: ts.Type, definition: Definition) => Definition;

/** The generator seen through its private `getClassDefinition`, so it can be wrapped. */
export function withClassDefinitionHook(generator: JsonSchemaGenerator): { getClassDefinition: GetClassDefinition } {
  return generator as unknown as { getClassDefinition: GetClassDefinition };
}
