import ts from 'typescript';

/** A type reference found in written type text, by the name it was declared under. */
export interface UnresolvedWrittenType {
  /** The name as declared (for `import { Observable as O }`, `Observable`). */
  readonly name: string;
  /** The reference as written, e.g. `Observable<Order>`. */
  readonly node: ts.TypeReferenceNode;
}

/**
 * The first type reference in a written type (`Buffer`, `Promise<Readable>`, `Readable | null`,
 * `Array<Buffer>`; not inside object literal types, whose properties are looked at one by one) whose
 * declared name is one of `names` and whose type the checker could not resolve (it is `any`), e.g.
 * Node's `Buffer` or `Readable` in a program without `@types/node`.
 *
 * @param node - the written type
 * @param checker - the program's type checker
 * @param names - the declared names to look for
 */
export function findUnresolvedWrittenType(
  node: ts.TypeNode,
  checker: ts.TypeChecker,
  names: ReadonlySet<string>,
): UnresolvedWrittenType | undefined {
  if (ts.isTypeReferenceNode(node)) {
    const identifier = ts.isIdentifier(node.typeName) ? node.typeName : node.typeName.right;
    const specifier = checker.getSymbolAtLocation(identifier)?.declarations?.find(ts.isImportSpecifier);
    const name = specifier === undefined ? identifier.text : (specifier.propertyName ?? specifier.name).text;
    if (names.has(name) && checker.getTypeFromTypeNode(node).flags & ts.TypeFlags.Any) return { name, node };
    for (const argument of node.typeArguments ?? []) {
      const found = findUnresolvedWrittenType(argument, checker, names);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (ts.isTypeLiteralNode(node) || ts.isMappedTypeNode(node)) return undefined;
  let found: UnresolvedWrittenType | undefined;
  ts.forEachChild(node, (child) => {
    if (found === undefined && ts.isTypeNode(child)) found = findUnresolvedWrittenType(child, checker, names);
  });
  return found;
}
