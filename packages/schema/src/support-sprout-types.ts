import ts from 'typescript';
import type { JsonSchemaGenerator } from 'typescript-json-schema';
import { type Definition, withTypeDefinitionHook } from './generator-internals';
import { classValidatorKeywords } from './class-validator-keywords';

/**
 * Marks the schema nodes generated for `Date`, so the manifest can list where the runtime turns
 * date-time strings back into `Date`s (see {@link collectDatePaths}). Removed before the schema is written.
 */
export const DATE_MARKER = 'x-sprout-date';

/** Name of the unique symbol that brands core's `Integer` type. */
const INTEGER_BRAND = 'sproutIntegerBrand';

/**
 * Teaches a typescript-json-schema generator Sprout's type conventions:
 * - `Integer` from `@sprout-ai/core` (`number` with an optional brand) → `{"type":"integer"}`;
 * - `Date` → `{"type":"string","format":"date-time"}`, marked with {@link DATE_MARKER};
 * - class-validator decorators on a property (`@Min`, `@Length`, `@IsEmail`, `@IsIn`, `@Matches` …,
 *   see {@link classValidatorKeywords}) add their JSON Schema keywords to the property's schema.
 *
 * @param generator - the generator to patch (its `getTypeDefinition` is wrapped)
 * @param checker - the type checker of the generator's program
 */
export function supportSproutTypes(generator: JsonSchemaGenerator, checker: ts.TypeChecker): void {
  const target = withTypeDefinitionHook(generator);
  const original = target.getTypeDefinition.bind(generator);
  target.getTypeDefinition = (type, asRef, unionModifier, prop, reffedType, pairedSymbol, forceNotRef, ignore) => {
    let definition: Definition;
    if (isIntegerBrand(type, checker)) {
      // In unions typescript-json-schema passes the alias itself as `prop`; its TSDoc is not the property's.
      const property = prop?.declarations?.some(ts.isTypeAliasDeclaration) === true ? undefined : prop;
      const number = original(
        checker.getNumberType(),
        false,
        unionModifier,
        property,
        undefined,
        undefined,
        true,
        ignore,
      );
      definition = { ...number, type: 'integer' };
    } else {
      definition = original(type, asRef, unionModifier, prop, reffedType, pairedSymbol, forceNotRef, ignore);
      if (isGlobalDate(type, checker) && definition.format === 'date-time') {
        definition = { ...definition, [DATE_MARKER]: true };
      }
    }
    const keywords = prop === undefined ? undefined : classValidatorKeywords(prop, checker);
    if (keywords === undefined) return definition;
    const each = keywords.each;
    if (Object.keys(each).length > 0 && typeof definition.items === 'object' && definition.items !== null) {
      definition = { ...definition, items: applyKeywords(definition.items as Definition, each) };
    }
    return applyKeywords(definition, keywords.own);
  };
}

function applyKeywords(definition: Definition, keywords: Definition): Definition {
  if (Object.keys(keywords).length === 0) return definition;
  const { type, ...rest } = keywords;
  const result: Definition = { ...definition, ...rest };
  // `@IsInt()` narrows number to integer, and nothing else.
  if (type === 'integer') {
    if (definition.type === 'number') result.type = 'integer';
    else if (Array.isArray(definition.type)) {
      result.type = (definition.type as unknown[]).map((t) => (t === 'number' ? 'integer' : t));
    }
  }
  return result;
}

function isIntegerBrand(type: ts.Type, checker: ts.TypeChecker): boolean {
  if (!type.isIntersection()) return false;
  const hasNumber = type.types.some((member) => (member.flags & ts.TypeFlags.NumberLike) !== 0);
  return (
    hasNumber &&
    type.types.some((member) =>
      checker
        .getPropertiesOfType(member)
        .some((property) => String(property.escapedName).startsWith(`__@${INTEGER_BRAND}@`)),
    )
  );
}

function isGlobalDate(type: ts.Type, checker: ts.TypeChecker): boolean {
  const symbol = type.getSymbol();
  return symbol !== undefined && checker.getFullyQualifiedName(symbol) === 'Date';
}
