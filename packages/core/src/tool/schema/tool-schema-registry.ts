import { readFileSync } from 'node:fs';
import { SproutError } from '../../error/sprout-error';
import type {
  SerializedToolMethodSchema,
  SerializedToolSchemaManifest,
  ToolMethodSchema,
  ToolParameterSchema,
  ToolSchemaManifest,
} from './tool-schema-manifest';
import { toolSchemaKey } from './tool-schema-manifest';

/** The manifest versions this registry reads: 1 (schemas as objects) and 2 (schemas as JSON text, the file form). */
const SUPPORTED_VERSIONS: readonly unknown[] = [1, 2];

const REGENERATE_HINT = 'Run `npm run build` (or `npx sprout-schema`) to regenerate it.';

/**
 * Holds the build-time schemas of `@Tool` methods (see {@link ToolSchemaManifest}), looked up by
 * class and method name when tool callbacks are built.
 *
 * @example
 * ```ts
 * toolSchemaRegistry.loadFile(path.join(__dirname, 'tool-schemas.json'));
 * const schema = toolSchemaRegistry.get('OrderTools', 'getOrderStatus');
 * ```
 * @remarks Spring AI derives schemas and parameter names by reflection at run time; TypeScript
 * types are gone at run time, so `sprout-schema` writes them at build time and this registry reads
 * them at start-up.
 */
export class ToolSchemaRegistry {
  private readonly entries = new Map<string, ToolMethodSchema>();
  private readonly loadedSources: string[] = [];
  private fallback = false;

  /**
   * Whether `@Tool` methods without a manifest entry may use the runtime-only schema fallback
   * (`runtimeToolMethodSchema`: `@ToolParam({ schema })` / `@ToolParam({ type })` with
   * class-validator classes), for plain JavaScript without a build step. Off by default, so a stale
   * manifest fails loudly. See {@link enableRuntimeFallback}.
   */
  get runtimeFallback(): boolean {
    return this.fallback;
  }

  /**
   * Lets methods without a manifest entry take their schema from run-time descriptions (see
   * {@link runtimeFallback}); a method whose parameters are not all described still fails with
   * `MissingToolSchemaError`.
   *
   * @returns this registry
   */
  enableRuntimeFallback(): this {
    this.fallback = true;
    return this;
  }

  /** Where the registered entries came from (file paths, or `<manifest>` for {@link register}). */
  get sources(): readonly string[] {
    return [...this.loadedSources];
  }

  /**
   * Adds every entry of a manifest. An entry with the key of an earlier one replaces it.
   *
   * @param manifest - a manifest object (version 1), e.g. `{"version":1,"generator":"@sprout-ai/schema@0.1.0","tools":{...}}`,
   *   or the file form (version 2), whose schema texts are parsed when an entry's `inputSchema` is first read
   * @param source - where it came from, for error messages
   * @returns this registry
   * @throws SproutError when the manifest has another version or no `tools` object
   */
  register(manifest: ToolSchemaManifest | SerializedToolSchemaManifest, source = '<manifest>'): this {
    const problem = manifestProblem(manifest);
    if (problem !== undefined) {
      throw new SproutError(`Tool schema manifest ${source} ${problem}. ${REGENERATE_HINT}`);
    }
    if (manifest.version === 2) {
      for (const key in manifest.tools) this.entries.set(key, new SerializedEntry(manifest.tools[key], source));
    } else {
      for (const key in manifest.tools) this.entries.set(key, manifest.tools[key]);
    }
    this.loadedSources.push(source);
    return this;
  }

  /**
   * Reads a manifest JSON file (synchronously: it is read once at start-up) and registers it.
   *
   * @param path - path of the manifest file, e.g. `dist/tool-schemas.json`
   * @returns this registry
   * @throws SproutError naming the file when it is missing, unreadable, not JSON or of another version
   */
  loadFile(path: string): this {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const what = code === 'ENOENT' ? 'was not found' : `cannot be read (${(error as Error).message})`;
      throw new SproutError(`Tool schema manifest ${path} ${what}. ${REGENERATE_HINT}`, { cause: error });
    }
    let manifest: unknown;
    try {
      manifest = JSON.parse(text);
    } catch (error) {
      throw new SproutError(
        `Tool schema manifest ${path} is not valid JSON (${(error as Error).message}). ${REGENERATE_HINT}`,
        { cause: error },
      );
    }
    return this.register(manifest as ToolSchemaManifest, path);
  }

  /**
   * @param className - the class's constructor `name`, e.g. `OrderTools`
   * @param methodName - the method name, e.g. `getOrderStatus`
   * @returns the method's schema, or `undefined` when no manifest holds it
   */
  get(className: string, methodName: string): ToolMethodSchema | undefined {
    return this.entries.get(toolSchemaKey(className, methodName));
  }
}

function manifestProblem(manifest: unknown): string | undefined {
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) {
    return 'is not a JSON object';
  }
  const { version, tools } = manifest as { version?: unknown; tools?: unknown };
  if (!SUPPORTED_VERSIONS.includes(version)) {
    return `has version ${JSON.stringify(version) ?? 'undefined'}, but this version of @sprout-ai/core reads versions ${SUPPORTED_VERSIONS.join(' and ')}`;
  }
  if (typeof tools !== 'object' || tools === null || Array.isArray(tools)) {
    return 'has no "tools" object';
  }
  return undefined;
}

/** An entry of a version 2 manifest: the same fields, with `inputSchema` parsed from its text when first read. */
class SerializedEntry implements ToolMethodSchema {
  readonly className: string;
  readonly methodName: string;
  readonly sourceFile: string;
  readonly description?: string;
  readonly parameters: readonly ToolParameterSchema[];
  readonly dateSchemaPaths?: readonly string[];
  readonly returnsVoid: boolean;
  #inputSchemaText: string;
  #inputSchema: Readonly<Record<string, unknown>> | undefined;
  #source: string;

  /** @throws SproutError when the schema text is plainly not a JSON object (it is fully parsed when first read) */
  constructor(entry: SerializedToolMethodSchema, source: string) {
    if (typeof entry?.inputSchema !== 'string' || !/^\s*\{/.test(entry.inputSchema)) {
      throw new SproutError(
        `Tool schema manifest ${source}: the inputSchema of ${String(entry?.className)}.${String(entry?.methodName)} is not JSON object text. ${REGENERATE_HINT}`,
      );
    }
    this.className = entry.className;
    this.methodName = entry.methodName;
    this.sourceFile = entry.sourceFile;
    if (entry.description !== undefined) this.description = entry.description;
    this.parameters = entry.parameters;
    if (entry.dateSchemaPaths !== undefined) this.dateSchemaPaths = entry.dateSchemaPaths;
    this.returnsVoid = entry.returnsVoid;
    this.#inputSchemaText = entry.inputSchema;
    this.#source = source;
  }

  /** @throws SproutError naming the tool and the manifest when the text is not a JSON object */
  get inputSchema(): Readonly<Record<string, unknown>> {
    if (this.#inputSchema === undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(this.#inputSchemaText);
      } catch {
        parsed = undefined;
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new SproutError(
          `Tool schema manifest ${this.#source}: the inputSchema of ${toolSchemaKey(this.className, this.methodName)} is not JSON object text. ${REGENERATE_HINT}`,
        );
      }
      this.#inputSchema = parsed as Record<string, unknown>;
    }
    return this.#inputSchema;
  }

  toJSON(): ToolMethodSchema {
    return { ...this, inputSchema: this.inputSchema };
  }
}

/** The registry used when none is given (by `ToolCallbacks.from` and `MethodToolCallbackProvider`). */
export const toolSchemaRegistry = new ToolSchemaRegistry();
