import ts from 'typescript';

/**
 * Adds the files that declare the named types a tool parameter's type is made of — interfaces,
 * classes (with their class-validator decorators), enums, type aliases, and the declarations of
 * every property, inherited ones included — so the manifest's source hash changes when any of them
 * does, not only the file of the tool class.
 *
 * @param type - the parameter's type
 * @param checker - the program's type checker
 * @param files - where the absolute file names are added (library and `.d.ts` files too; the
 * caller keeps the project's own)
 */
export function addTypeDeclarationFiles(type: ts.Type, checker: ts.TypeChecker, files: Set<string>): void {
  const seen = new Set<ts.Type>();
  const addDeclarations = (symbol: ts.Symbol | undefined): void => {
    for (const declaration of symbol?.declarations ?? []) files.add(declaration.getSourceFile().fileName);
  };

  const visit = (current: ts.Type): void => {
    if (seen.has(current)) return;
    seen.add(current);
    addDeclarations(current.aliasSymbol);
    addDeclarations(current.getSymbol());
    for (const argument of current.aliasTypeArguments ?? []) visit(argument);
    if (current.isUnionOrIntersection()) {
      for (const member of current.types) visit(member);
      return;
    }
    if (!(current.flags & ts.TypeFlags.Object)) return;
    if ((current as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) {
      for (const argument of checker.getTypeArguments(current as ts.TypeReference)) visit(argument);
    }
    if (checker.isArrayType(current) || checker.isTupleType(current)) return;
    for (const property of checker.getPropertiesOfType(current)) {
      if (property.flags & (ts.SymbolFlags.Method | ts.SymbolFlags.Accessor)) continue;
      addDeclarations(property);
      visit(checker.getTypeOfSymbol(property));
    }
    for (const info of checker.getIndexInfosOfType(current)) visit(info.type);
  };

  visit(type);
}
