import path from 'node:path';
import ts from 'typescript';
import { type DtoCheckContext, findDtoProblems } from './find-dto-problems';
import {
  cleanDoc,
  dtoCheckContext,
  exportNameOf,
  literalDefault,
  propertyNameText,
  type ToolParameterSource,
  toolParamLiteral,
} from './find-tool-methods';
import { findUnsupportedTypes } from './find-unsupported-type';
import { decoratorCallName } from './is-tool-decorator';
import { SchemaGenerationError } from './schema-generation-error';
import { addTypeDeclarationFiles } from './type-declaration-files';

/** One augmentation argument type found in the sources: an exported class with a `@ToolParam` property. */
export interface ArgumentTypeSource {
  readonly className: string;
  /** Name the class is exported under (`default` for a default export). */
  readonly exportName: string;
  /** Absolute path of the declaring file. */
  readonly fileName: string;
  /** Declaring file relative to the tsconfig directory, with forward slashes. */
  readonly sourceFile: string;
  /** Absolute paths of the files that declare the properties' types (as for tool methods). */
  readonly typeFiles: readonly string[];
  /** Its instance properties, inherited ones first, each as a tool parameter would be (`index` = position). */
  readonly properties: readonly ToolParameterSource[];
}

/** The argument types found, and the problems that keep some of them from a schema. */
export interface ArgumentTypeScan {
  readonly types: ArgumentTypeSource[];
  readonly problems: SchemaGenerationError[];
}

/**
 * Finds the augmentation argument types in the given files: top-level classes with a property
 * decorated with `@ToolParam(...)` (also when imported under another name). Each property is
 * described as a tool parameter is: `@ToolParam({ description })` else its TSDoc; required as
 * `@ToolParam({ required })` says, else unless it is optional (`?` or an initializer, whose literal
 * becomes `default`). Methods, accessors, static, private and protected members are left out.
 *
 * @param program - a program that contains the files
 * @param fileNames - absolute paths of the files to scan
 * @param baseDir - directory that `sourceFile` paths are relative to (the tsconfig directory)
 * @returns the argument types in file then declaration order, and one problem per class that is
 *   unnamed or not exported, property whose name is computed, type has no JSON form, or DTO that
 *   class-transformer would not convert
 */
export function scanArgumentTypes(
  program: ts.Program,
  fileNames: readonly string[],
  baseDir: string,
): ArgumentTypeScan {
  const checker = program.getTypeChecker();
  const dtoContext = dtoCheckContext(program, checker, baseDir);
  const types: ArgumentTypeSource[] = [];
  const problems: SchemaGenerationError[] = [];
  for (const fileName of fileNames) {
    const file = program.getSourceFile(fileName);
    if (file === undefined) continue; // the tool-method scan reports it
    const sourceFile = path.relative(baseDir, file.fileName).split(path.sep).join('/');
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.members.some((m) => hasToolParam(m, checker))) continue;
      const className = statement.name?.text;
      const where = { sourceFile, ...(className === undefined ? {} : { className }) };
      if (className === undefined) {
        problems.push(
          new SchemaGenerationError({
            ...where,
            reason:
              'a class with @ToolParam properties has no name; name it, because the manifest is keyed by class name',
          }),
        );
        continue;
      }
      const exportName = exportNameOf(statement, file, checker);
      if (exportName === undefined) {
        problems.push(
          new SchemaGenerationError({
            ...where,
            reason:
              'the class has @ToolParam properties (an augmentation argument type) but is not exported; export it so sprout-schema can read its property types',
          }),
        );
        continue;
      }
      const described = describeClass(statement, checker, dtoContext, where);
      problems.push(...described.problems);
      if (described.problems.length === 0) {
        types.push({
          className,
          exportName,
          fileName: file.fileName,
          sourceFile,
          typeFiles: described.typeFiles,
          properties: described.properties,
        });
      }
    }
  }
  return { types, problems };
}

/**
 * True when the file may declare an argument type, read from its syntax alone: a top-level class
 * with a decorated property, in a file that mentions `ToolParam`.
 */
export function mayDeclareArgumentType(file: ts.SourceFile): boolean {
  return (
    file.text.includes('ToolParam') &&
    file.statements.some(
      (statement) =>
        ts.isClassDeclaration(statement) &&
        statement.members.some(
          (member) => ts.isPropertyDeclaration(member) && (ts.getDecorators(member)?.length ?? 0) > 0,
        ),
    )
  );
}

function hasToolParam(member: ts.ClassElement, checker: ts.TypeChecker): member is ts.PropertyDeclaration {
  return (
    ts.isPropertyDeclaration(member) &&
    (ts.getDecorators(member) ?? []).some(
      (decorator) => decoratorCallName(decorator.expression, checker) === 'ToolParam',
    )
  );
}

function describeClass(
  declaration: ts.ClassDeclaration,
  checker: ts.TypeChecker,
  dtoContext: DtoCheckContext,
  where: { readonly sourceFile: string; readonly className?: string },
): { properties: ToolParameterSource[]; typeFiles: string[]; problems: SchemaGenerationError[] } {
  const problems: SchemaGenerationError[] = [];
  const properties: ToolParameterSource[] = [];
  const typeFiles = new Set<string>();
  const symbol = declaration.name === undefined ? undefined : checker.getSymbolAtLocation(declaration.name);
  const instanceType = symbol === undefined ? undefined : checker.getDeclaredTypeOfSymbol(symbol);
  if (instanceType === undefined) return { properties, typeFiles: [], problems };
  for (const property of instanceProperties(declaration, checker)) {
    const name = propertyNameText(property.name);
    if (name === undefined || ts.isPrivateIdentifier(property.name)) {
      problems.push(
        new SchemaGenerationError({
          ...where,
          methodName: property.name.getText(),
          reason:
            'a property with a computed or private name has no name for the model to use; declare a plain public property',
        }),
      );
      continue;
    }
    const type = checker.getTypeAtLocation(property);
    for (const { path: at, typeText, why } of findUnsupportedTypes(type, checker, property.type)) {
      const subject = at === '' ? `property type '${typeText}'` : `property '${name}.${at}' of type '${typeText}'`;
      problems.push(new SchemaGenerationError({ ...where, methodName: name, reason: `${subject} is ${why}` }));
    }
    addTypeDeclarationFiles(type, checker, typeFiles);
    const literal = toolParamLiteral(property, checker);
    const optional = property.questionToken !== undefined || property.initializer !== undefined;
    const description = literal.description ?? documentation(property, checker);
    const defaultValue = property.initializer === undefined ? undefined : literalDefault(property.initializer);
    properties.push({
      name,
      index: properties.length,
      kind: 'argument',
      optional,
      required: literal.required ?? !optional,
      ...(description === undefined ? {} : { description }),
      ...(defaultValue === undefined ? {} : { defaultValue }),
    });
  }
  for (const reason of findDtoProblems(undefined, instanceType, false, dtoContext)) {
    problems.push(new SchemaGenerationError({ ...where, reason }));
  }
  for (const owner of classChain(declaration, checker)) typeFiles.add(owner.getSourceFile().fileName);
  return { properties, typeFiles: [...typeFiles], problems };
}

/**
 * The public instance properties a class declares and inherits, as `JSON.stringify` lists an
 * instance's fields: the topmost base class's first, each class's in the order written; an
 * overriding declaration keeps the place of the first.
 */
function instanceProperties(declaration: ts.ClassDeclaration, checker: ts.TypeChecker): ts.PropertyDeclaration[] {
  const byName = new Map<string, ts.PropertyDeclaration>();
  for (const owner of classChain(declaration, checker)) {
    for (const member of owner.members) {
      if (!ts.isPropertyDeclaration(member)) continue;
      const modifiers = ts.getCombinedModifierFlags(member);
      if (modifiers & (ts.ModifierFlags.Static | ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
      // Setting a key a Map has keeps its place: an override stays where its base put it.
      byName.set(member.name.getText(), member);
    }
  }
  return [...byName.values()];
}

/** The class and its base classes, the topmost first. */
function classChain(declaration: ts.ClassDeclaration, checker: ts.TypeChecker): ts.ClassLikeDeclaration[] {
  const chain: ts.ClassLikeDeclaration[] = [];
  let current: ts.ClassLikeDeclaration | undefined = declaration;
  while (current !== undefined && !chain.includes(current)) {
    chain.unshift(current);
    const heritage: ts.HeritageClause | undefined = current.heritageClauses?.find(
      (clause) => clause.token === ts.SyntaxKind.ExtendsKeyword,
    );
    const base: ts.ExpressionWithTypeArguments | undefined = heritage?.types[0];
    const symbol: ts.Symbol | undefined =
      base === undefined ? undefined : checker.getTypeAtLocation(base.expression).getSymbol();
    current = symbol?.declarations?.find(ts.isClassLike);
    if (current !== undefined && current.getSourceFile().isDeclarationFile) break;
  }
  return chain;
}

function documentation(property: ts.PropertyDeclaration, checker: ts.TypeChecker): string | undefined {
  const symbol = checker.getSymbolAtLocation(property.name);
  return cleanDoc(symbol === undefined ? undefined : ts.displayPartsToString(symbol.getDocumentationComment(checker)));
}
