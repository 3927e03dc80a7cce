import path from 'node:path';
import type {
  StructuredOutputTypeSchema,
  ToolArgumentTypeSchema,
  ToolMethodSchema,
  ToolSchemaManifest,
} from '@sprout-ai/core';
import { toolSchemaKey, toolSchemaSourcesHash } from '@sprout-ai/core/internal';
import ts from 'typescript';
import { buildGenerator } from 'typescript-json-schema';
import { type ArgumentTypeSource, mayDeclareArgumentType, scanArgumentTypes } from './find-argument-types';
import { mayDeclareOutputType, type OutputTypeSource, scanOutputTypes } from './find-output-types';
import { scanToolMethods, type ToolMethodSource } from './find-tool-methods';
import { GENERATOR_NAME } from './generator-name';
import { normalizeInputSchema } from './normalize-input-schema';
import { argumentTypesSource, outputTypesSource, parameterTypesSource } from './parameter-types-source';
import { SchemaGenerationError } from './schema-generation-error';
import { supportDeclarationOrder } from './support-declaration-order';
import { supportMappedIndexTypes } from './support-mapped-index-types';
import { supportOwnDescriptions } from './support-own-descriptions';
import { supportSproutTypes } from './support-sprout-types';
import { supportToolParamProperties } from './support-tool-param-properties';
import { supportWrittenLiteralOrder } from './support-written-literal-order';
import { collectDatePaths } from './collect-date-paths';
import { toolSchemaInputHash } from './tool-schema-input-hash';
import { manifestProjectPath, readToolSchemaProject, type ToolSchemaProject } from './tool-schema-project';

/** Options of {@link generateToolSchemaManifest}. */
export interface GenerateToolSchemaManifestOptions {
  /** Path of the tsconfig.json whose sources are scanned, e.g. `tsconfig.json`. */
  readonly project: string;
  /**
   * Only scan these files (absolute or relative to the tsconfig directory) instead of the
   * tsconfig's; they need not be in its `include`.
   */
  readonly files?: readonly string[];
  /**
   * Compiler options laid over the project's and the fast defaults
   * (`types: []`, `lib: ["lib.es2022.d.ts"]`, `skipLibCheck`, `strictNullChecks`).
   */
  readonly compilerOptions?: ts.CompilerOptions;
  /**
   * Where the manifest will be written; when given, the manifest records the tsconfig's path
   * relative to it (`project`), so start-up can check it against the sources.
   */
  readonly manifestFile?: string;
}

/** File name of the generated arguments module, placed (virtually) in the tsconfig directory. */
const ARGUMENTS_MODULE = '__sprout_schema_arguments__.ts';

/** typescript-json-schema settings: Spring's required/closed objects, `T | null` kept. */
const TJS_SETTINGS = {
  required: true,
  strictNullChecks: true,
  noExtraProps: true,
  ignoreErrors: true,
  ref: true,
  aliasRef: false,
  topRef: false,
  titles: false,
} as const;

/**
 * Builds the tool schema manifest of a TypeScript project: finds every method decorated with
 * `@Tool(...)` in the project's sources (test files and `.d.ts` excluded), records its parameters
 * from the source and generates the JSON Schema of its arguments with typescript-json-schema,
 * from one TypeScript program.
 *
 * @param options - the tsconfig and optionally the files to scan
 * @returns the manifest, tools keyed by `ClassName.methodName` in key order, e.g.
 *   `{"version":1,"generator":"@sprout-ai/schema@0.1.0","sourceHash":"…","tools":{"OrderTools.getOrderStatus":{…}}}`
 * @throws SchemaGenerationError when the tsconfig cannot be read, a tool class is unnamed or not
 *   exported, two files declare the same tool key, or a parameter is destructured, a rest
 *   parameter, of a type with no JSON form (function, `Promise`, `Map`, `Set`, typed arrays and
 *   other binary types, `symbol`, `bigint`) or holds a class-validator DTO that would not be
 *   converted and validated at run time — every such problem of the project in one error
 * @see Spring AI `JsonSchemaGenerator.generateForMethodInput` (which runs at start-up instead)
 */
export function generateToolSchemaManifest(options: GenerateToolSchemaManifestOptions): ToolSchemaManifest {
  const project = readToolSchemaProject(options);
  const { configDir, scanned, compilerOptions } = project;
  // Both programs share parsed (and bound) files through the host; the second differs only in the
  // arguments module, so TypeScript reuses the first one's structure. Project references are left
  // out on purpose: imports then resolve to the referenced sources, not to their (maybe unbuilt) .d.ts.
  const argumentsFile = path.join(configDir, ARGUMENTS_MODULE);
  // No parent pointers at parse time: binding sets them, and every file is bound (the scan creates
  // the checker) before any node is read; setting them twice was 6 % of a run.
  const host = new SourceFileCache(ts.createCompilerHost(compilerOptions), argumentsFile);
  // Only files with a decorated method (or a @ToolParam property) can declare tools (or argument
  // types): the program then loads what they import, not what the whole project does (an app's
  // entry point pulls in every library it uses).
  const candidates = scanned.filter((file) => isCandidate(host, file));
  const rootNames = [...candidates, argumentsFile];
  const sourcesProgram = ts.createProgram({ rootNames, options: compilerOptions, host });
  const { methods, problems } = scanToolMethods(sourcesProgram, candidates, configDir);
  const { types, problems: typeProblems } = scanArgumentTypes(sourcesProgram, candidates, configDir);
  const { types: outputs, problems: outputProblems } = scanOutputTypes(sourcesProgram, candidates, configDir);
  problems.push(
    ...typeProblems,
    ...outputProblems,
    ...duplicateKeyProblems(methods),
    ...duplicateTypeProblems(types),
    ...duplicateTypeProblems(outputs.map((output) => ({ className: output.typeName, sourceFile: output.sourceFile }))),
  );
  if (problems.length > 0) throw SchemaGenerationError.of(problems);

  const argumentsModule = parameterTypesSource(methods, argumentsFile);
  const typesModule = argumentTypesSource(types, argumentsFile);
  const outputsModule = outputTypesSource(outputs, argumentsFile);
  host.argumentsText = argumentsModule.text + typesModule.text + outputsModule.text;
  const program = ts.createProgram({
    rootNames,
    options: compilerOptions,
    host,
    oldProgram: sourcesProgram,
  });
  const generates = methods.length + types.length + outputs.length > 0;
  const generator = generates ? buildGenerator(ownSourcesView(program), TJS_SETTINGS, [argumentsFile]) : null;
  if (generates && generator === null) {
    throw new SchemaGenerationError({ reason: 'typescript-json-schema could not read the generated arguments module' });
  }
  if (generator !== null) {
    supportMappedIndexTypes(generator, program.getTypeChecker());
    supportSproutTypes(generator, program.getTypeChecker());
    supportWrittenLiteralOrder(generator, program.getTypeChecker());
    supportOwnDescriptions(generator, program, configDir);
    supportDeclarationOrder(generator, program.getTypeChecker());
    supportToolParamProperties(generator, program.getTypeChecker());
  }

  const entries = methods.map((method, i): [string, ToolMethodSchema] => {
    const generated =
      generator === null
        ? {}
        : (generator.getSchemaForSymbol(argumentsModule.interfaceNames[i]) as Record<string, unknown>);
    const outputName = argumentsModule.outputInterfaceNames?.[i];
    const output =
      generator === null || outputName === undefined
        ? undefined
        : outputSchemaOf(generator.getSchemaForSymbol(outputName) as Record<string, unknown>);
    const schema = toMethodSchema(method, generated);
    return [
      toolSchemaKey(method.className, method.methodName),
      output === undefined ? schema : { ...schema, outputSchema: output },
    ];
  });
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const argumentTypes = types.map((type, i): [string, ToolArgumentTypeSchema] => {
    const generated = (generator as NonNullable<typeof generator>).getSchemaForSymbol(
      typesModule.interfaceNames[i],
    ) as Record<string, unknown>;
    return [type.className, toArgumentTypeSchema(type, generated)];
  });
  argumentTypes.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const outputTypes = outputs.map((output, i): [string, StructuredOutputTypeSchema] => {
    const generated = (generator as NonNullable<typeof generator>).getSchemaForSymbol(
      outputsModule.interfaceNames[i],
    ) as Record<string, unknown>;
    return [output.typeName, toOutputTypeSchema(output, generated)];
  });
  outputTypes.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

  const declaring = [...methods, ...types, ...outputs];
  const sources = schemaSources(declaring, sourcesProgram, configDir);
  const typeFiles = outsideTypeFiles(declaring, sourcesProgram, project);
  const manifestProject =
    options.manifestFile === undefined ? undefined : manifestProjectPath(project, options.manifestFile);
  return {
    version: 1,
    generator: GENERATOR_NAME,
    sourceHash: toolSchemaSourcesHash(configDir, sources),
    inputHash: toolSchemaInputHash(project, typeFiles, manifestProject),
    ...(manifestProject === undefined ? {} : { project: manifestProject }),
    sources,
    ...(typeFiles.length === 0 ? {} : { typeFiles }),
    ...(argumentTypes.length === 0 ? {} : { argumentTypes: Object.fromEntries(argumentTypes) }),
    ...(outputTypes.length === 0 ? {} : { outputTypes: Object.fromEntries(outputTypes) }),
    tools: Object.fromEntries(entries),
  };
}

/**
 * True when the file has a top-level class with a decorated method (the only place `@Tool` and
 * `@McpTool` are looked for) or may declare an argument type ({@link mayDeclareArgumentType}),
 * read from its syntax alone. A file that cannot be read is kept, so the scan reports it.
 */
function isCandidate(host: ts.CompilerHost, fileName: string): boolean {
  const text = host.readFile(fileName);
  if (text === undefined) return true;
  // Most files have no decorator at all; parsing those is the cost skipped here.
  if (!text.includes('@')) return false;
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const hasDecoratedMethod = file.statements.some(
    (statement) =>
      ts.isClassDeclaration(statement) &&
      statement.members.some((member) => ts.isMethodDeclaration(member) && (ts.getDecorators(member)?.length ?? 0) > 0),
  );
  return hasDecoratedMethod || mayDeclareArgumentType(file) || mayDeclareOutputType(text);
}

/**
 * An output type's schema: the generated object schema in the shape of a tool's input schema
 * (properties in declaration order, `required`, closed objects), with the type's TSDoc as `description`.
 */
function toOutputTypeSchema(output: OutputTypeSource, generated: Record<string, unknown>): StructuredOutputTypeSchema {
  const properties =
    typeof generated.properties === 'object' && generated.properties !== null ? generated.properties : {};
  const required = new Set(Array.isArray(generated.required) ? (generated.required as string[]) : []);
  const schema: Record<string, unknown> = normalizeInputSchema(
    generated,
    Object.keys(properties).map((name) => ({ name, required: required.has(name) })),
  );
  if (output.description !== undefined) schema.description = output.description;
  const dateSchemaPaths = collectDatePaths(schema);
  return {
    typeName: output.typeName,
    sourceFile: output.sourceFile,
    schema,
    ...(dateSchemaPaths.length === 0 ? {} : { dateSchemaPaths }),
  };
}

/** One problem per argument type class name that more than one file declares (the manifest is keyed by class name). */
function duplicateTypeProblems(
  types: readonly Pick<ArgumentTypeSource, 'className' | 'sourceFile'>[],
): SchemaGenerationError[] {
  const files = new Map<string, string[]>();
  for (const type of types) files.set(type.className, [...(files.get(type.className) ?? []), type.sourceFile]);
  return [...files]
    .filter(([, declaredIn]) => declaredIn.length > 1)
    .map(
      ([className, declaredIn]) =>
        new SchemaGenerationError({
          reason: `argument type ${className} is declared in more than one file (${declaredIn.join(', ')}); the manifest is keyed by class name, so rename one of the classes`,
        }),
    );
}

function toArgumentTypeSchema(type: ArgumentTypeSource, generated: Record<string, unknown>): ToolArgumentTypeSchema {
  const inputSchema = normalizeInputSchema(generated, type.properties);
  const dateSchemaPaths = collectDatePaths(inputSchema);
  return {
    className: type.className,
    sourceFile: type.sourceFile,
    inputSchema,
    ...(dateSchemaPaths.length === 0 ? {} : { dateSchemaPaths }),
  };
}

/** One problem per tool key that more than one file declares (the manifest is keyed by class name). */
function duplicateKeyProblems(methods: readonly ToolMethodSource[]): SchemaGenerationError[] {
  const files = new Map<string, string[]>();
  for (const method of methods) {
    const key = toolSchemaKey(method.className, method.methodName);
    files.set(key, [...(files.get(key) ?? []), method.sourceFile]);
  }
  return [...files]
    .filter(([, declaredIn]) => declaredIn.length > 1)
    .map(
      ([key, declaredIn]) =>
        new SchemaGenerationError({
          reason: `tool method ${key} is declared in more than one file (${declaredIn.join(', ')}); the manifest is keyed by class name, so rename one of the classes`,
        }),
    );
}

function toMethodSchema(method: ToolMethodSource, generated: Record<string, unknown>): ToolMethodSchema {
  const args = method.parameters.filter((p) => p.kind === 'argument');
  const inputSchema = normalizeInputSchema(generated, args);
  const dateSchemaPaths = collectDatePaths(inputSchema);
  return {
    className: method.className,
    methodName: method.methodName,
    sourceFile: method.sourceFile,
    ...(method.description === undefined ? {} : { description: method.description }),
    parameters: method.parameters.map(({ name, index, kind, optional }) => ({ name, index, kind, optional })),
    inputSchema,
    ...(dateSchemaPaths.length === 0 ? {} : { dateSchemaPaths }),
    returnsVoid: method.returnsVoid,
  };
}

/**
 * The output schema of an `@McpTool` method from the schema of its result interface
 * (`{ result: T }`): T's object schema at the root, with `$schema` and the `$defs` it refers to;
 * `undefined` when T is not an object schema.
 */
function outputSchemaOf(generated: Record<string, unknown>): Record<string, unknown> | undefined {
  const wrapped = normalizeInputSchema(generated, [{ name: 'result', required: true }]);
  const defs = (wrapped.$defs ?? {}) as Record<string, Record<string, unknown>>;
  let result = (wrapped.properties as Record<string, Record<string, unknown>>).result;
  const ref = typeof result.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(result.$ref)?.[1] : undefined;
  if (ref !== undefined && defs[ref] !== undefined) {
    result = defs[ref];
    const { [ref]: _inlined, ...others } = defs;
    // Kept only when something still refers to it (a recursive type).
    if (!JSON.stringify([result, others]).includes(`"#/$defs/${ref}"`)) delete defs[ref];
  }
  if (result.type !== 'object') return undefined;
  return {
    $schema: wrapped.$schema,
    ...result,
    ...(Object.keys(defs).length === 0 ? {} : { $defs: defs }),
  };
}

/**
 * The files outside the scanned sources that declare parts of argument types (another package's
 * `.d.ts` or sources), relative to the tsconfig directory (forward slashes), sorted; TypeScript's
 * own lib files are left out (its version is part of the input hash).
 */
function outsideTypeFiles(
  methods: readonly { readonly typeFiles: readonly string[] }[],
  program: ts.Program,
  project: ToolSchemaProject,
): string[] {
  const scanned = new Set(project.scanned);
  const files = new Set<string>();
  for (const method of methods) {
    for (const fileName of method.typeFiles) {
      const file = program.getSourceFile(fileName);
      if (file !== undefined && !scanned.has(file.fileName) && !program.isSourceFileDefaultLibrary(file))
        files.add(toPosix(path.relative(project.configDir, file.fileName)));
    }
  }
  return [...files].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The program as typescript-json-schema should see it: only the project's own sources. It walks
 * every listed file to index named types, which for library declarations (`@types/node` alone has
 * thousands) costs more than generating the schemas; types they declare still resolve through the checker.
 */
function ownSourcesView(program: ts.Program): ts.Program {
  const own = program
    .getSourceFiles()
    .filter((file) => !file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file));
  return Object.create(program, { getSourceFiles: { value: () => own } }) as ts.Program;
}

/**
 * A compiler host that serves the generated arguments module from memory, hands out each other
 * source file once, so a second program reuses the first one's parsed and bound files, and
 * remembers which files and directories exist.
 */
class SourceFileCache implements ts.CompilerHost {
  argumentsText = 'export {};\n';
  private readonly files = new Map<string, ts.SourceFile | undefined>();
  // Module resolution asks about the same paths again and again (one stat each); generation never writes.
  private readonly existing = new Map<string, boolean>();
  private readonly existingDirectories = new Map<string, boolean>();

  constructor(
    private readonly host: ts.CompilerHost,
    private readonly argumentsFile: string,
  ) {}

  getSourceFile(...[fileName, languageVersion, onError, shouldCreate]: Parameters<ts.CompilerHost['getSourceFile']>) {
    if (this.isArgumentsFile(fileName)) return ts.createSourceFile(fileName, this.argumentsText, languageVersion, true);
    if (!this.files.has(fileName))
      this.files.set(fileName, this.host.getSourceFile(fileName, languageVersion, onError, shouldCreate));
    return this.files.get(fileName);
  }
  fileExists(fileName: string): boolean {
    if (this.isArgumentsFile(fileName)) return true;
    let exists = this.existing.get(fileName);
    if (exists === undefined) this.existing.set(fileName, (exists = this.host.fileExists(fileName)));
    return exists;
  }
  readFile(fileName: string): string | undefined {
    return this.isArgumentsFile(fileName) ? this.argumentsText : this.host.readFile(fileName);
  }
  getDefaultLibFileName(options: ts.CompilerOptions): string {
    return this.host.getDefaultLibFileName(options);
  }
  getDefaultLibLocation(): string {
    return this.host.getDefaultLibLocation?.() ?? '';
  }
  writeFile(): void {
    // generation never emits
  }
  getCurrentDirectory(): string {
    return this.host.getCurrentDirectory();
  }
  getCanonicalFileName(fileName: string): string {
    return this.host.getCanonicalFileName(fileName);
  }
  useCaseSensitiveFileNames(): boolean {
    return this.host.useCaseSensitiveFileNames();
  }
  getNewLine(): string {
    return this.host.getNewLine();
  }
  realpath(fileName: string): string {
    return this.host.realpath?.(fileName) ?? fileName;
  }
  directoryExists(directoryName: string): boolean {
    if (this.isArgumentsFile(directoryName)) return false;
    let exists = this.existingDirectories.get(directoryName);
    if (exists === undefined)
      this.existingDirectories.set(directoryName, (exists = this.host.directoryExists?.(directoryName) ?? true));
    return exists;
  }
  getDirectories(directoryName: string): string[] {
    return this.host.getDirectories?.(directoryName) ?? [];
  }
  readDirectory(...args: Parameters<NonNullable<ts.CompilerHost['readDirectory']>>): string[] {
    return this.host.readDirectory?.(...args) ?? [];
  }
  getEnvironmentVariable(name: string): string | undefined {
    return this.host.getEnvironmentVariable?.(name);
  }

  private isArgumentsFile(fileName: string): boolean {
    return path.resolve(fileName) === this.argumentsFile;
  }
}

function toPosix(relative: string): string {
  return relative.split(path.sep).join('/');
}

/**
 * The project's own files the schemas come from, relative to the tsconfig directory (forward
 * slashes), sorted: each tool class's file and every file declaring a part of an argument type
 * (libraries and `.d.ts` files left out).
 */
function schemaSources(
  methods: readonly { readonly fileName: string; readonly typeFiles: readonly string[] }[],
  program: ts.Program,
  configDir: string,
): string[] {
  const files = new Set<string>();
  for (const method of methods) {
    files.add(method.fileName);
    for (const fileName of method.typeFiles) {
      const file = program.getSourceFile(fileName);
      if (file !== undefined && !file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file))
        files.add(file.fileName);
    }
  }
  return [...files].map((file) => toPosix(path.relative(configDir, file))).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
