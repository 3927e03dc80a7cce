import path from 'node:path';
import ts from 'typescript';
import { type DtoCheckContext, findDtoProblems } from './find-dto-problems';
import { findUnsupportedReturnType } from './find-unsupported-return-type';
import { findUnsupportedTypes } from './find-unsupported-type';
import { decoratorCallName, isToolDecorator } from './is-tool-decorator';
import { addTypeDeclarationFiles } from './type-declaration-files';
import { SchemaGenerationError } from './schema-generation-error';

/** One parameter of a found `@Tool` method. */
export interface ToolParameterSource {
  readonly name: string;
  /** Zero-based position among the method's runtime parameters (a `this:` parameter is not counted). */
  readonly index: number;
  readonly kind: 'argument' | 'toolContext';
  /** `x?: T` or a parameter with a default value. */
  readonly optional: boolean;
  /** Whether the schema lists it as required: `@ToolParam({ required })` when literal, else `!optional`. */
  readonly required: boolean;
  /** A literal `@ToolParam({ description })`, else the TSDoc `@param` text. */
  readonly description?: string;
  /** The default value when it is a literal (`pageSize = 20`), written as the schema's `default`. */
  readonly defaultValue?: string | number | boolean | null;
}

/** One `@Tool` method found in the sources. */
export interface ToolMethodSource {
  readonly className: string;
  readonly methodName: string;
  readonly isStatic: boolean;
  /** Name the class is exported under (`default` for a default export). */
  readonly exportName: string;
  /** Absolute path of the declaring file. */
  readonly fileName: string;
  /** Declaring file relative to the tsconfig directory, with forward slashes. */
  readonly sourceFile: string;
  /**
   * Absolute paths of the files that declare the argument types' parts (interfaces, DTO classes,
   * enums, aliases, inherited properties), library and `.d.ts` files included.
   */
  readonly typeFiles: readonly string[];
  readonly description?: string;
  readonly parameters: readonly ToolParameterSource[];
  readonly returnsVoid: boolean;
  /** True for an `@McpTool` method that returns an object: its result type gets an output schema. */
  readonly structuredOutput?: boolean;
}

/** The tool methods found in the sources, and the problems that keep some of them from a schema. */
export interface ToolMethodScan {
  readonly methods: ToolMethodSource[];
  /** In file, then declaration order; each names its file, class, method and parameter. */
  readonly problems: SchemaGenerationError[];
}

/**
 * Finds the methods decorated with `@Tool(...)` or `@McpTool(...)` (from `@sprout-ai/mcp`; its
 * `@McpToolParam` is read like `@ToolParam`) in the given files: the decorator call's callee is
 * `Tool` (also when imported under another name, e.g. `import { Tool as T }`), or the decorator is
 * composed from it (see {@link isToolDecorator}).
 *
 * @param program - a program that contains the files
 * @param fileNames - absolute paths of the files to scan
 * @param baseDir - directory that `sourceFile` paths are relative to (the tsconfig directory)
 * @returns the tool methods, in file then declaration order
 * @throws SchemaGenerationError when a tool class is unnamed or not exported, a parameter is
 *   destructured, a rest parameter, of a type that has no JSON form or holds a class-validator DTO
 *   that would not be converted at run time, or a method returns a function, an Observable, a
 *   stream or an iterator (see {@link findUnsupportedReturnType}) — one error for all the problems found
 */
export function findToolMethods(
  program: ts.Program,
  fileNames: readonly string[],
  baseDir: string,
): ToolMethodSource[] {
  const { methods, problems } = scanToolMethods(program, fileNames, baseDir);
  if (problems.length > 0) throw SchemaGenerationError.of(problems);
  return methods;
}

/**
 * {@link findToolMethods}, returning the problems instead of throwing them, so a caller can add
 * its own before reporting them all at once.
 *
 * @throws SchemaGenerationError when a file is not in the program
 */
export function scanToolMethods(program: ts.Program, fileNames: readonly string[], baseDir: string): ToolMethodScan {
  const checker = program.getTypeChecker();
  const found: ToolMethodSource[] = [];
  const problems: SchemaGenerationError[] = [];
  const dtoContext = dtoCheckContext(program, checker, baseDir);
  for (const fileName of fileNames) {
    const file = program.getSourceFile(fileName);
    if (file === undefined) {
      throw new SchemaGenerationError({
        reason: `cannot read source file ${fileName}; check the tsconfig "include" and "files"`,
      });
    }
    const sourceFile = toPosix(path.relative(baseDir, file.fileName));
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement)) continue;
      const methods = statement.members.filter(
        (member): member is ts.MethodDeclaration =>
          ts.isMethodDeclaration(member) &&
          (ts.getDecorators(member) ?? []).some((decorator) => isToolDecorator(decorator, checker)),
      );
      if (methods.length === 0) continue;
      const className = statement.name?.text;
      if (className === undefined) {
        problems.push(
          new SchemaGenerationError({
            sourceFile,
            reason: 'a class with @Tool methods has no name; name it, because the manifest is keyed by class name',
          }),
        );
        continue;
      }
      const exportName = exportNameOf(statement, file, checker);
      if (exportName === undefined) {
        problems.push(
          new SchemaGenerationError({
            sourceFile,
            className,
            reason:
              'the class has @Tool methods but is not exported; export it so sprout-schema can read its parameter types',
          }),
        );
        continue;
      }
      for (const method of methods) {
        const described = describeMethod(
          method,
          { className, exportName, fileName: file.fileName, sourceFile },
          checker,
          dtoContext,
        );
        if (described.problems.length > 0) problems.push(...described.problems);
        else if (described.method !== undefined) found.push(described.method);
      }
    }
  }
  return { methods: found, problems };
}

/** The project's decorator-metadata options, which the run-time conversion of DTO arguments needs. */
export function dtoCheckContext(program: ts.Program, checker: ts.TypeChecker, baseDir: string): DtoCheckContext {
  const options = program.getCompilerOptions();
  const configFile = options.configFilePath;
  return {
    checker,
    missingMetadataOptions: (['experimentalDecorators', 'emitDecoratorMetadata'] as const).filter(
      (name) => options[name] !== true,
    ),
    tsconfig: typeof configFile === 'string' ? toPosix(path.relative(baseDir, configFile)) : 'the tsconfig',
    reportedProperties: new Set(),
  };
}

interface ClassInfo {
  readonly className: string;
  readonly exportName: string;
  readonly fileName: string;
  readonly sourceFile: string;
}

function describeMethod(
  method: ts.MethodDeclaration,
  owner: ClassInfo,
  checker: ts.TypeChecker,
  dtoContext: DtoCheckContext,
): { method?: ToolMethodSource; problems: SchemaGenerationError[] } {
  const methodName = propertyNameText(method.name);
  if (methodName === undefined) {
    const problem = new SchemaGenerationError({
      sourceFile: owner.sourceFile,
      className: owner.className,
      reason: `the @Tool method ${method.name.getText()} has a computed name; use a plain identifier`,
    });
    return { problems: [problem] };
  }
  const where = { sourceFile: owner.sourceFile, className: owner.className, methodName };
  const problems: SchemaGenerationError[] = [];
  const parameters: ToolParameterSource[] = [];
  const typeFiles = new Set<string>();
  for (const parameter of method.parameters) {
    if (ts.isIdentifier(parameter.name) && parameter.name.text === 'this') continue;
    if (!ts.isIdentifier(parameter.name)) {
      problems.push(
        new SchemaGenerationError({
          ...where,
          parameterName: parameter.name.getText(),
          reason: 'a destructured parameter has no name for the model to use; declare a named parameter instead',
        }),
      );
      continue;
    }
    const name = parameter.name.text;
    if (parameter.dotDotDotToken !== undefined) {
      problems.push(
        new SchemaGenerationError({
          ...where,
          parameterName: name,
          reason: 'a rest parameter cannot be named in the arguments object; declare an array parameter instead',
        }),
      );
      continue;
    }
    const type = checker.getTypeAtLocation(parameter);
    const optional = parameter.questionToken !== undefined || parameter.initializer !== undefined;
    const index = parameters.length;
    if (isToolContext(parameter, type, checker)) {
      parameters.push({ name, index, kind: 'toolContext', optional, required: false });
      continue;
    }
    const options = toolParamLiteral(parameter, checker);
    const unsupported = findUnsupportedTypes(type, checker, parameter.type);
    for (const { path: at, typeText, why } of unsupported) {
      const subject =
        at === ''
          ? `parameter type '${typeText}'`
          : at.startsWith('[')
            ? `element '${name}${at}' of type '${typeText}'`
            : `property '${at}' of type '${typeText}'`;
      problems.push(new SchemaGenerationError({ ...where, parameterName: name, reason: `${subject} is ${why}` }));
    }
    if (unsupported.length === 0) {
      for (const reason of findDtoProblems(parameter, type, options.namesType === true, dtoContext)) {
        problems.push(new SchemaGenerationError({ ...where, parameterName: name, reason }));
      }
    }
    addTypeDeclarationFiles(type, checker, typeFiles);
    const description = options.description ?? paramTagText(parameter);
    const defaultValue = parameter.initializer === undefined ? undefined : literalDefault(parameter.initializer);
    parameters.push({
      name,
      index,
      kind: 'argument',
      optional,
      required: options.required ?? !optional,
      ...(description === undefined ? {} : { description }),
      ...(defaultValue === undefined ? {} : { defaultValue }),
    });
  }
  const unsupportedReturn = findUnsupportedReturnType(method, checker);
  if (unsupportedReturn !== undefined) {
    const reason = `return type '${unsupportedReturn.typeText}' is ${unsupportedReturn.why}`;
    problems.push(new SchemaGenerationError({ ...where, reason }));
  }
  if (problems.length > 0) return { problems };
  const description = documentation(method, checker);
  return {
    problems,
    method: {
      className: owner.className,
      methodName,
      isStatic: method.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword) ?? false,
      exportName: owner.exportName,
      fileName: owner.fileName,
      sourceFile: owner.sourceFile,
      typeFiles: [...typeFiles],
      ...(description === undefined ? {} : { description }),
      parameters,
      returnsVoid: returnsVoid(method, checker),
      ...(isMcpTool(method, checker) && returnsObject(method, checker) ? { structuredOutput: true } : {}),
    },
  };
}

/** True when one of the method's decorators is an `McpTool(...)` call. */
function isMcpTool(method: ts.MethodDeclaration, checker: ts.TypeChecker): boolean {
  return (ts.getDecorators(method) ?? []).some(
    (decorator) => decoratorCallName(decorator.expression, checker) === 'McpTool',
  );
}

/** Types whose values are objects but whose result is not structured content. */
const NOT_STRUCTURED: ReadonlySet<string> = new Set(['McpToolResult', 'Date', 'Uint8Array', 'Buffer', 'Object']);

/**
 * True when the method's awaited return type is one object type (a class, interface or object
 * literal type; not an array, a function, `McpToolResult` or a union): MCP structured content is
 * a JSON object.
 */
function returnsObject(method: ts.MethodDeclaration, checker: ts.TypeChecker): boolean {
  const signature = checker.getSignatureFromDeclaration(method);
  if (signature === undefined) return false;
  const returned = checker.getReturnTypeOfSignature(signature);
  const awaited = checker.getAwaitedType(returned) ?? returned;
  if (awaited.isUnion() || !(awaited.flags & ts.TypeFlags.Object)) return false;
  if (checker.isArrayType(awaited) || checker.isTupleType(awaited) || awaited.getCallSignatures().length > 0) {
    return false;
  }
  const name = awaited.getSymbol()?.getName();
  return name === undefined || !NOT_STRUCTURED.has(name);
}

/**
 * The `description` and `required` of an `@ToolParam({...})` call (on a parameter, or a property
 * of an argument type), when they are literals, and
 * whether `@ToolParam` (not `@McpToolParam`, which has no such option) names the parameter's class with `type`.
 */
export function toolParamLiteral(
  parameter: ts.ParameterDeclaration | ts.PropertyDeclaration,
  checker: ts.TypeChecker,
): { description?: string; required?: boolean; namesType?: boolean } {
  const decorator = (ts.getDecorators(parameter) ?? []).find((d) =>
    ['ToolParam', 'McpToolParam'].includes(decoratorCallName(d.expression, checker) ?? ''),
  );
  const argument =
    decorator !== undefined && ts.isCallExpression(decorator.expression)
      ? decorator.expression.arguments[0]
      : undefined;
  if (argument === undefined || !ts.isObjectLiteralExpression(argument)) return {};
  const result: { description?: string; required?: boolean; namesType?: boolean } = {};
  const isToolParam = decorator !== undefined && decoratorCallName(decorator.expression, checker) === 'ToolParam';
  for (const property of argument.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const key = propertyNameText(property.name);
    const value = property.initializer;
    if (key === 'description' && ts.isStringLiteralLike(value) && value.text.trim() !== '') {
      result.description = value.text.trim();
    } else if (key === 'required' && value.kind === ts.SyntaxKind.TrueKeyword) {
      result.required = true;
    } else if (key === 'required' && value.kind === ts.SyntaxKind.FalseKeyword) {
      result.required = false;
    } else if (key === 'type' && isToolParam) {
      result.namesType = true;
    }
  }
  return result;
}

/** `ToolContext` from `@sprout-ai/core`, matched by type name (or by the written name when it does not resolve). */
function isToolContext(parameter: ts.ParameterDeclaration, type: ts.Type, checker: ts.TypeChecker): boolean {
  const resolved = checker.getNonNullableType(type);
  if (resolved.getSymbol()?.getName() === 'ToolContext') return true;
  const annotation = parameter.type;
  return (
    (resolved.flags & ts.TypeFlags.Any) !== 0 &&
    annotation !== undefined &&
    ts.isTypeReferenceNode(annotation) &&
    /(^|\.)ToolContext$/.test(annotation.typeName.getText())
  );
}

/** The value of a literal default (string, number, boolean, null, negative number), else `undefined`. */
export function literalDefault(node: ts.Expression): string | number | boolean | null | undefined {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (
    ts.isPrefixUnaryExpression(node) &&
    node.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(node.operand)
  ) {
    return -Number(node.operand.text);
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  return undefined;
}

function paramTagText(parameter: ts.ParameterDeclaration): string | undefined {
  for (const tag of ts.getJSDocParameterTags(parameter)) {
    const text = cleanDoc(ts.getTextOfJSDocComment(tag.comment)?.replace(/^\s*-\s*/, ''));
    if (text !== undefined) return text;
  }
  return undefined;
}

function documentation(method: ts.MethodDeclaration, checker: ts.TypeChecker): string | undefined {
  const symbol = checker.getSymbolAtLocation(method.name);
  return cleanDoc(symbol === undefined ? undefined : ts.displayPartsToString(symbol.getDocumentationComment(checker)));
}

/** Trims, joins wrapped lines with a space and keeps blank-line paragraph breaks. */
export function cleanDoc(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const cleaned = text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .join('\n\n');
  return cleaned === '' ? undefined : cleaned;
}

function returnsVoid(method: ts.MethodDeclaration, checker: ts.TypeChecker): boolean {
  const signature = checker.getSignatureFromDeclaration(method);
  if (signature === undefined) return false;
  const returned = checker.getReturnTypeOfSignature(signature);
  const awaited = checker.getAwaitedType(returned) ?? returned;
  const voidish = (type: ts.Type): boolean =>
    type.isUnion() ? type.types.every(voidish) : (type.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined)) !== 0;
  return voidish(awaited);
}

export function exportNameOf(
  declaration: ts.ClassDeclaration,
  file: ts.SourceFile,
  checker: ts.TypeChecker,
): string | undefined {
  const moduleSymbol = checker.getSymbolAtLocation(file);
  const classSymbol = declaration.name === undefined ? undefined : checker.getSymbolAtLocation(declaration.name);
  if (moduleSymbol === undefined || classSymbol === undefined) return undefined;
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (target === classSymbol) return exported.getName();
  }
  return undefined;
}

export function propertyNameText(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)
    ? name.text
    : undefined;
}

function toPosix(relative: string): string {
  return relative.split(path.sep).join('/');
}
