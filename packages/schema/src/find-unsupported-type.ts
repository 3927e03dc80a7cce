import ts from 'typescript';
import { findUnresolvedWrittenType } from './unresolved-written-type';

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

/**
 * Typed arrays and other binary types: the schema would describe an array (or an object) of
 * numbers, and the method would receive that plain array, not the binary type it declares.
 */
const BINARY_TYPES = new Set([
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float16Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'ArrayBufferView',
  'DataView',
  'Buffer',
]);

const binaryWhy = (name: string): string =>
  `binary data (${name}), which JSON cannot carry: the method would receive a plain array or object instead; ` +
  'declare number[] (one number per byte) or a base64-encoded string and convert it inside the tool';

const FUNCTION_WHY =
  'a function; the model can only send JSON data, so take data and call the function inside the tool';

/**
 * Looks through a tool parameter's type (its properties, array elements and union members) for
 * types that JSON cannot carry: functions, `Promise`, `Observable`, `Map`, `Set`, typed arrays and
 * other binary types (`Uint8Array`, `ArrayBuffer`, `Buffer`, `DataView` …), `symbol` and `bigint`.
 * A binary type that does not resolve in the generator's program (`Buffer` without `@types/node`)
 * is recognised by the name written in the declaration.
 *
 * @param type - the parameter's type
 * @param checker - the program's type checker
 * @param typeNode - the parameter's type annotation, when it has one
 * @returns every unsupported type found (each named type is looked into once), in property order;
 *   empty when the whole type has a JSON form
 */
export function findUnsupportedTypes(
  type: ts.Type,
  checker: ts.TypeChecker,
  typeNode?: ts.TypeNode,
): UnsupportedType[] {
  /** Object types whose properties were looked into (each once); unions and arrays on the current path. */
  const expanded = new Set<ts.Type>();
  const active = new Set<ts.Type>();
  const found: UnsupportedType[] = [];

  /** Looks at what is written first, for a binary type the checker could not resolve. */
  const visitDeclared = (current: ts.Type, path: string, node: ts.TypeNode | undefined): void => {
    const written = node === undefined ? undefined : findUnresolvedWrittenType(node, checker, BINARY_TYPES)?.name;
    if (node !== undefined && written !== undefined) {
      found.push({ path, typeText: node.getText(), why: binaryWhy(written) });
      return;
    }
    visit(current, path);
  };

  const visit = (current: ts.Type, path: string): void => {
    const report = (why: string): void => {
      found.push({ path, typeText: checker.typeToString(current), why });
    };

    if (current.flags & ts.TypeFlags.ESSymbolLike) return report('a symbol, which has no JSON form; use a string');
    if (current.flags & ts.TypeFlags.BigIntLike) {
      return report('a bigint, which JSON cannot carry; use a number or a decimal string');
    }
    const isList = checker.isArrayType(current) || checker.isTupleType(current);
    if (current.isUnionOrIntersection() || isList) {
      if (active.has(current)) return;
      active.add(current);
      if (current.isUnionOrIntersection()) {
        for (const member of current.types) visit(member, path);
      } else {
        for (const element of checker.getTypeArguments(current as ts.TypeReference)) visit(element, `${path}[]`);
      }
      active.delete(current);
      return;
    }
    if (!(current.flags & ts.TypeFlags.Object)) return;

    const name = (current.aliasSymbol ?? current.getSymbol())?.getName();
    if (name === 'Date') return;
    if (name !== undefined && REPLACEMENTS[name] !== undefined) return report(REPLACEMENTS[name]);
    if (name !== undefined && BINARY_TYPES.has(name)) return report(binaryWhy(name));
    if (current.getCallSignatures().length > 0) return report(FUNCTION_WHY);
    if (current.getConstructSignatures().length > 0) {
      return report('a class constructor, which has no JSON form; take the data the tool needs instead');
    }
    if (expanded.has(current)) return;
    expanded.add(current);
    for (const property of checker.getPropertiesOfType(current)) {
      if (property.flags & (ts.SymbolFlags.Method | ts.SymbolFlags.Accessor)) continue;
      const declaration = property.valueDeclaration;
      const written =
        declaration !== undefined && (ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration))
          ? declaration.type
          : undefined;
      visitDeclared(
        checker.getTypeOfSymbol(property),
        path === '' ? property.getName() : `${path}.${property.getName()}`,
        written,
      );
    }
    for (const info of checker.getIndexInfosOfType(current)) visit(info.type, `${path}[key]`);
  };

  visitDeclared(type, '', typeNode);
  return found;
}
