import ts from 'typescript';
import type { JsonSchemaGenerator } from 'typescript-json-schema';
import { withClassDefinitionHook } from './generator-internals';

/**
 * Keeps an object's properties in declaration order, inherited ones first: the properties of a
 * class or interface come after those of the types it extends (depth first, in `extends` order),
 * as `JSON.stringify` lists a class instance's fields, and each type's own properties in the order
 * written. TypeScript lists a subtype's own properties first; Spring AI sorts them alphabetically.
 * `Partial<T>`, `Pick<T, K>` and the like follow `T`'s order.
 *
 * @param generator - the generator to patch (its `getClassDefinition` is wrapped)
 * @param checker - the type checker of the generator's program
 */
export function supportDeclarationOrder(generator: JsonSchemaGenerator, checker: ts.TypeChecker): void {
  const target = withClassDefinitionHook(generator);
  const original = target.getClassDefinition.bind(generator);
  target.getClassDefinition = (type, definition) => {
    const result = original(type, definition);
    const properties = result.properties;
    if (typeof properties !== 'object' || properties === null) return result;
    const order = declarationOrder(checker.getPropertiesOfType(type), checker);
    const entries = Object.entries(properties as Record<string, unknown>);
    // A stable sort: names no class or interface declares keep their order, after the others.
    const rank = (name: string): number => order.get(name) ?? order.size;
    entries.sort(([a], [b]) => rank(a) - rank(b));
    result.properties = Object.fromEntries(entries);
    return result;
  };
}

/**
 * Rank of each property name: the names each declaring class or interface writes, bases first, a
 * name keeping the place where it was first declared (an override stays where its base put it).
 */
function declarationOrder(properties: readonly ts.Symbol[], checker: ts.TypeChecker): Map<string, number> {
  const owners: ts.Symbol[] = [];
  const visit = (owner: ts.Symbol, path: Set<ts.Symbol>): void => {
    if (owners.includes(owner) || path.has(owner)) return;
    path.add(owner);
    for (const base of baseTypeSymbols(owner, checker)) visit(base, path);
    path.delete(owner);
    owners.push(owner);
  };
  for (const property of properties) {
    const owner = declaringType(property, checker);
    if (owner !== undefined) visit(owner, new Set());
  }
  const order = new Map<string, number>();
  for (const owner of owners) {
    owner.members?.forEach((member) => {
      if (!order.has(member.getName())) order.set(member.getName(), order.size);
    });
  }
  return order;
}

/** The class or interface that declares a property (also through `Partial<T>` and other mapped types). */
function declaringType(property: ts.Symbol, checker: ts.TypeChecker): ts.Symbol | undefined {
  const parent = property.getDeclarations()?.[0]?.parent;
  if (parent === undefined || !(ts.isClassLike(parent) || ts.isInterfaceDeclaration(parent))) return undefined;
  if (parent.name === undefined) return undefined;
  const symbol = checker.getSymbolAtLocation(parent.name);
  return symbol === undefined ? undefined : resolveAlias(symbol, checker);
}

/** The classes and interfaces a class or interface extends, in the order written. */
function baseTypeSymbols(owner: ts.Symbol, checker: ts.TypeChecker): ts.Symbol[] {
  const declared = checker.getDeclaredTypeOfSymbol(owner);
  if (!(declared.flags & ts.TypeFlags.Object)) return [];
  if (!((declared as ts.ObjectType).objectFlags & ts.ObjectFlags.ClassOrInterface)) return [];
  return (checker.getBaseTypes(declared as ts.InterfaceType) ?? []).flatMap((base) => {
    const symbol = base.getSymbol();
    return symbol === undefined ? [] : [resolveAlias(symbol, checker)];
  });
}

function resolveAlias(symbol: ts.Symbol, checker: ts.TypeChecker): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}
