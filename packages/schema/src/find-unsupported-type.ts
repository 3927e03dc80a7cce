import ts from 'typescript';

/** Where in a parameter's type a value with no JSON form was found, and why it has none. */
export interface UnsupportedType {
  /** Property path below the parameter, e.g. `filters.tags`; empty for the parameter itself. */
  readonly path: string;
  /** The offending type as TypeScript prints it, e.g. `Set<string>`. */
  readonly typeText: string;
  /** Why the model cannot send it and what to use instead. */
  readonly why: string;
}

const REPLACEMENTS: Readonly<Record<string, string>> = {
  Promise: 'a Promise; a tool receives plain JSON values, so declare the resolved type instead',
  PromiseLike: 'a Promise; a tool receives plain JSON values, so declare the resolved type instead',
  Map: 'a Map, which has no JSON form; use a plain object type such as { [key: string]: V } instead',
  ReadonlyMap: 'a Map, which has no JSON form; use a plain object type such as { [key: string]: V } instead',
  WeakMap: 'a WeakMap, which has no JSON form; use a plain object type such as { [key: string]: V } instead',
  Set: 'a Set, which has no JSON form; use an array instead',
  ReadonlySet: 'a Set, which has no JSON form; use an array instead',
  WeakSet: 'a WeakSet, which has no JSON form; use an array instead',
  Function: 'a function; the model can only send JSON data, so take data and call the function inside the tool',
  Observable: 'an Observable; a tool receives plain JSON values, so declare the emitted value type instead',
  Subscribable: 'an Observable; a tool receives plain JSON values, so declare the emitted value type instead',
};

const FUNCTION_WHY =
  'a function; the model can only send JSON data, so take data and call the function inside the tool';

/**
 * Looks through a tool parameter's type (its properties, array elements and union members) for a
 * type that JSON cannot carry: functions, `Promise`, `Observable`, `Map`, `Set`, `symbol` and `bigint`.
 *
 * @param type - the parameter's type
 * @param checker - the program's type checker
 * @returns the first unsupported type found, or `undefined` when the whole type has a JSON form
 */
export function findUnsupportedType(type: ts.Type, checker: ts.TypeChecker): UnsupportedType | undefined {
  const seen = new Set<ts.Type>();

  const visit = (current: ts.Type, path: string): UnsupportedType | undefined => {
    if (seen.has(current)) return undefined;
    seen.add(current);
    const found = (why: string): UnsupportedType => ({ path, typeText: checker.typeToString(current), why });

    if (current.flags & ts.TypeFlags.ESSymbolLike) return found('a symbol, which has no JSON form; use a string');
    if (current.flags & ts.TypeFlags.BigIntLike) {
      return found('a bigint, which JSON cannot carry; use a number or a decimal string');
    }
    if (current.isUnionOrIntersection()) {
      for (const member of current.types) {
        const result = visit(member, path);
        if (result !== undefined) return result;
      }
      return undefined;
    }
    if (!(current.flags & ts.TypeFlags.Object)) return undefined;

    const name = (current.aliasSymbol ?? current.getSymbol())?.getName();
    if (name === 'Date') return undefined;
    if (name !== undefined && REPLACEMENTS[name] !== undefined) return found(REPLACEMENTS[name]);
    if (checker.isArrayType(current) || checker.isTupleType(current)) {
      for (const element of checker.getTypeArguments(current as ts.TypeReference)) {
        const result = visit(element, `${path}[]`);
        if (result !== undefined) return result;
      }
      return undefined;
    }
    if (current.getCallSignatures().length > 0) return found(FUNCTION_WHY);
    if (current.getConstructSignatures().length > 0) {
      return found('a class constructor, which has no JSON form; take the data the tool needs instead');
    }
    for (const property of checker.getPropertiesOfType(current)) {
      if (property.flags & (ts.SymbolFlags.Method | ts.SymbolFlags.Accessor)) continue;
      const result = visit(
        checker.getTypeOfSymbol(property),
        path === '' ? property.getName() : `${path}.${property.getName()}`,
      );
      if (result !== undefined) return result;
    }
    for (const info of checker.getIndexInfosOfType(current)) {
      const result = visit(info.type, `${path}[key]`);
      if (result !== undefined) return result;
    }
    return undefined;
  };

  return visit(type, '');
}
