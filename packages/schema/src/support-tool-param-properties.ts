import ts from 'typescript';
import type { JsonSchemaGenerator } from 'typescript-json-schema';
import { toolParamLiteral } from './find-tool-methods';
import { withClassDefinitionHook } from './generator-internals';

/**
 * Reads `@ToolParam({ description, required })` on class properties (of DTOs and of nested types
 * of augmentation argument types) as it is read on tool parameters: a literal `description` wins
 * over the property's TSDoc, a literal `required` over its optionality (`?`). `required` keeps the
 * order of `properties`.
 *
 * @param generator - the generator to patch (its `getClassDefinition` is wrapped; install it after
 *   the declaration-order patch, so `required` follows the final order)
 * @param checker - the type checker of the generator's program
 */
export function supportToolParamProperties(generator: JsonSchemaGenerator, checker: ts.TypeChecker): void {
  const target = withClassDefinitionHook(generator);
  const original = target.getClassDefinition.bind(generator);
  target.getClassDefinition = (type, definition) => {
    const result = original(type, definition);
    const properties = result.properties as Record<string, Record<string, unknown>> | undefined;
    if (typeof properties !== 'object' || properties === null) return result;
    let required: Set<string> | undefined;
    for (const property of checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration;
      if (declaration === undefined || !ts.isPropertyDeclaration(declaration)) continue;
      if (!(ts.getDecorators(declaration) ?? []).length) continue;
      const literal = toolParamLiteral(declaration, checker);
      const name = property.getName();
      const schema = properties[name];
      if (schema === undefined) continue;
      if (literal.description !== undefined) schema.description = literal.description;
      if (literal.required !== undefined) {
        required ??= new Set(Array.isArray(result.required) ? (result.required as string[]) : []);
        if (literal.required) required.add(name);
        else required.delete(name);
      }
    }
    if (required !== undefined) {
      const order = Object.keys(properties);
      result.required = order.filter((name) => required.has(name));
      if ((result.required as string[]).length === 0) delete result.required;
    }
    return result;
  };
}
