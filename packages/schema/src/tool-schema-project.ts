import path from 'node:path';
import ts from 'typescript';
import { SchemaGenerationError } from './schema-generation-error';

/** A tsconfig as `sprout-schema` reads it: what to scan and with which options. */
export interface ToolSchemaProject {
  /** Absolute path of the tsconfig. */
  readonly configPath: string;
  /** Its directory, which manifest paths are relative to. */
  readonly configDir: string;
  /** Absolute paths of the files to scan for `@Tool` methods (tests and `.d.ts` left out). */
  readonly scanned: readonly string[];
  /** The project's options with the generation's laid over them (no emit, fast defaults). */
  readonly compilerOptions: ts.CompilerOptions;
}

/**
 * Reads a tsconfig for schema generation.
 *
 * @param options - the tsconfig path, optionally the files to scan instead of its own and
 *   compiler options laid over the project's (see `GenerateToolSchemaManifestOptions`)
 * @throws SchemaGenerationError when the tsconfig cannot be read
 */
export function readToolSchemaProject(options: {
  readonly project: string;
  readonly files?: readonly string[];
  readonly compilerOptions?: ts.CompilerOptions;
}): ToolSchemaProject {
  const configPath = path.resolve(options.project);
  const configDir = path.dirname(configPath);
  const config = readConfig(configPath);
  const scanned =
    options.files === undefined
      ? config.fileNames.filter((file) => !/\.d\.[cm]?ts$/.test(file) && !/\.(test|spec)\.[cm]?tsx?$/.test(file))
      : options.files.map((file) => path.resolve(configDir, file));
  const compilerOptions: ts.CompilerOptions = {
    ...config.options,
    types: [],
    lib: ['lib.es2022.d.ts'],
    skipLibCheck: true,
    strictNullChecks: true,
    noEmit: true,
    composite: false,
    incremental: false,
    declaration: false,
    declarationMap: false,
    sourceMap: false,
    tsBuildInfoFile: undefined,
    ...options.compilerOptions,
  };
  return { configPath, configDir, scanned, compilerOptions };
}

/**
 * The manifest's `project`: the tsconfig relative to the manifest file's directory, forward
 * slashes, e.g. `../tsconfig.json`.
 */
export function manifestProjectPath(project: ToolSchemaProject, manifestFile: string): string {
  return path
    .relative(path.dirname(path.resolve(manifestFile)), project.configPath)
    .split(path.sep)
    .join('/');
}

function readConfig(configPath: string): ts.ParsedCommandLine {
  let unrecoverable: ts.Diagnostic | undefined;
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        unrecoverable = diagnostic;
      },
    },
  );
  const problem =
    unrecoverable ?? parsed?.errors.find((d) => d.category === ts.DiagnosticCategory.Error && d.code !== 18003);
  if (parsed === undefined || problem !== undefined) {
    const text =
      problem === undefined
        ? 'unknown error'
        : ts.flattenDiagnosticMessageText(problem.messageText, ' ').replace(/\.$/, '');
    throw new SchemaGenerationError({
      reason: `cannot read tsconfig ${configPath}: ${text}. Pass the project's tsconfig.json with --project`,
    });
  }
  return parsed;
}
