import path from 'node:path';
import ts from 'typescript';
import { cleanDoc } from './find-tool-methods';
import { findUnsupportedTypes } from './find-unsupported-type';
import { SchemaGenerationError } from './schema-generation-error';
import { addTypeDeclarationFiles } from './type-declaration-files';

/** The TSDoc tag that marks a structured output type: `/** The desk's answer. @structuredOutput *\/`. */
export const STRUCTURED_OUTPUT_TAG = 'structuredOutput';

/** One structured output type found in the sources. */
export interface OutputTypeSource {
  readonly typeName: string;
  /** Name the type is exported under (`default` for a default export). */
  readonly exportName: string;
  /** Absolute path of the declaring file. */
  readonly fileName: string;
  /** Declaring file relative to the tsconfig directory, with forward slashes. */
  readonly sourceFile: string;
  /** Absolute paths of the files that declare the type's parts (as for tool methods). */
  readonly typeFiles: readonly string[];
  /** The type's TSDoc summary. */
  readonly description?: string;
}

/** The output types found, and the problems that keep some of them from a schema. */
export interface OutputTypeScan {
  readonly types: OutputTypeSource[];
  readonly problems: SchemaGenerationError[];
}

type OutputDeclaration = ts.ClassDeclaration | ts.InterfaceDeclaration | ts.TypeAliasDeclaration;

/**
 * Finds the structured output types in the given files: top-level classes, interfaces and type
 * aliases of an object type whose TSDoc has the tag `@structuredOutput`. Their schemas are made by
 * the rules of a tool's arguments (TSDoc descriptions, `?` for optional, closed objects).
 *
 * @param program - a program that contains the files
 * @param fileNames - absolute paths of the files to scan
 * @param baseDir - directory that `sourceFile` paths are relative to (the tsconfig directory)
 * @returns the output types in file then declaration order, and one problem per tagged type that is
 *   not exported, not an object type, or holds a type with no JSON form
 */
export function scanOutputTypes(program: ts.Program, fileNames: readonly string[], baseDir: string): OutputTypeScan {
  const checker = program.getTypeChecker();
  const types: OutputTypeSource[] = [];
  const problems: SchemaGenerationError[] = [];
  for (const fileName of fileNames) {
    const file = program.getSourceFile(fileName);
    if (file === undefined || !mayDeclareOutputType(file.text)) continue;
    const sourceFile = path.relative(baseDir, file.fileName).split(path.sep).join('/');
    for (const statement of file.statements) {
      if (!isOutputDeclaration(statement) || !hasOutputTag(statement)) continue;
      const typeName = statement.name?.text;
      const where = { sourceFile, ...(typeName === undefined ? {} : { className: typeName }) };
      const exportName = typeName === undefined ? undefined : exportNameOf(statement, file, checker);
      if (typeName === undefined || exportName === undefined) {
        problems.push(
          new SchemaGenerationError({
            ...where,
            reason: `a @${STRUCTURED_OUTPUT_TAG} type must be named and exported, so sprout-schema can read it and .entity() find it by name`,
          }),
        );
        continue;
      }
      const type = checker.getTypeAtLocation(statement.name as ts.Identifier);
      if ((type.flags & ts.TypeFlags.Object) === 0 || checker.isArrayType(type)) {
        problems.push(
          new SchemaGenerationError({
            ...where,
            reason: `a @${STRUCTURED_OUTPUT_TAG} type must be an object type (a class, an interface or an alias of an object literal type), because structured output answers are JSON objects; wrap a list or union in a property`,
          }),
        );
        continue;
      }
      const found = findUnsupportedTypes(type, checker);
      for (const { path: at, typeText, why } of found) {
        const subject = at === '' ? `type '${typeText}'` : `property '${at}' of type '${typeText}'`;
        problems.push(new SchemaGenerationError({ ...where, reason: `${subject} is ${why}` }));
      }
      if (found.length > 0) continue;
      const typeFiles = new Set<string>([file.fileName]);
      addTypeDeclarationFiles(type, checker, typeFiles);
      const symbol = checker.getSymbolAtLocation(statement.name as ts.Identifier);
      const description = cleanDoc(
        symbol === undefined ? undefined : ts.displayPartsToString(symbol.getDocumentationComment(checker)),
      );
      types.push({
        typeName,
        exportName,
        fileName: file.fileName,
        sourceFile,
        typeFiles: [...typeFiles],
        ...(description === undefined ? {} : { description }),
      });
    }
  }
  return { types, problems };
}

/** True when the file's text may declare an output type (read without parsing). */
export function mayDeclareOutputType(text: string): boolean {
  return text.includes(`@${STRUCTURED_OUTPUT_TAG}`);
}

function isOutputDeclaration(node: ts.Node): node is OutputDeclaration {
  return ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node);
}

function hasOutputTag(declaration: OutputDeclaration): boolean {
  return ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === STRUCTURED_OUTPUT_TAG);
}

function exportNameOf(
  declaration: OutputDeclaration,
  file: ts.SourceFile,
  checker: ts.TypeChecker,
): string | undefined {
  const moduleSymbol = checker.getSymbolAtLocation(file);
  const symbol = declaration.name === undefined ? undefined : checker.getSymbolAtLocation(declaration.name);
  if (moduleSymbol === undefined || symbol === undefined) return undefined;
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (target === symbol) return exported.getName();
  }
  return undefined;
}
