import ts from 'typescript';
import type { JsonSchemaGenerator } from 'typescript-json-schema';
import { withTypeDefinitionHook } from './generator-internals';

/**
 * Teaches a typescript-json-schema generator the value type of mapped types with only an index
 * signature, such as `Record<string, number>`: it reads index signatures from the syntax only,
 * so it would give `{"type":"object","additionalProperties":false}` (no value type, and with
 * `noExtraProps` no property allowed at all). Such types become
 * `{"type":"object","additionalProperties":{"type":"number"}}`, inline.
 *
 * @param generator - the generator to patch (its `getTypeDefinition` is wrapped)
 * @param checker - the type checker of the generator's program
 */
export function supportMappedIndexTypes(generator: JsonSchemaGenerator, checker: ts.TypeChecker): void {
  const target = withTypeDefinitionHook(generator);
  const original = target.getTypeDefinition.bind(generator);
  target.getTypeDefinition = (
    type,
    asRef,
    unionModifier,
    prop,
    reffedType,
    pairedSymbol,
    forceNotRef,
    ignoreUndefined,
  ) => {
    const valueType = mappedIndexValueType(type, checker);
    if (valueType === undefined) {
      return original(type, asRef, unionModifier, prop, reffedType, pairedSymbol, forceNotRef, ignoreUndefined);
    }
    const definition = original(type, false, unionModifier, prop, reffedType, pairedSymbol, true, ignoreUndefined);
    return { ...definition, type: 'object', additionalProperties: target.getTypeDefinition(valueType) };
  };
}

function mappedIndexValueType(type: ts.Type, checker: ts.TypeChecker): ts.Type | undefined {
  if (!(type.flags & ts.TypeFlags.Object) || !((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Mapped))
    return undefined;
  if (checker.getPropertiesOfType(type).length > 0) return undefined;
  return (
    checker.getIndexInfoOfType(type, ts.IndexKind.String) ?? checker.getIndexInfoOfType(type, ts.IndexKind.Number)
  )?.type;
}
