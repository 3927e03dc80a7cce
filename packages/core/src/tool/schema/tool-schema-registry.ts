import { ToolSchemaManifestError } from './tool-schema-manifest-error';
import type {
  SerializedToolSchemaManifest,
  StructuredOutputTypeSchema,
  ToolArgumentTypeSchema,
  ToolMethodSchema,
  ToolSchemaManifest,
} from './tool-schema-manifest';
import { toolSchemaKey } from './tool-schema-manifest';
import { readToolSchemaManifestFile } from './read-tool-schema-manifest-file';
import { REGENERATE_HINT, ToolSchemaManifestDocument } from './tool-schema-manifest-document';

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
  /** Newest last: a later manifest's entry replaces an earlier one's with the same key. */
  private readonly documents: ToolSchemaManifestDocument[] = [];
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
    return this.documents.map((document) => document.source);
  }

  /**
   * Adds every entry of a manifest. An entry with the key of an earlier one replaces it.
   *
   * @param manifest - a manifest object (version 1), e.g. `{"version":1,"generator":"@sprout-ai/schema@0.1.0","tools":{...}}`,
   *   its version 2 file form (schema texts parsed when first read), or a {@link ToolSchemaManifestDocument}
   * @param source - where it came from, for error messages (a document knows its own)
   * @returns this registry
   * @throws ToolSchemaManifestError when the manifest has another version or no `tools` object
   */
  register(
    manifest: ToolSchemaManifest | SerializedToolSchemaManifest | ToolSchemaManifestDocument,
    source = '<manifest>',
  ): this {
    const document =
      manifest instanceof ToolSchemaManifestDocument ? manifest : ToolSchemaManifestDocument.from(manifest, source);
    // Entries are looked up in the documents when asked for, so none is made or parsed here.
    this.documents.push(document);
    return this;
  }

  /**
   * Reads a manifest JSON file (synchronously: it is read once at start-up) and registers it; see
   * {@link readToolSchemaManifestFile} for what is read when.
   *
   * @param path - path of the manifest file, e.g. `dist/tool-schemas.json`
   * @returns this registry
   * @throws ToolSchemaManifestError naming the file when it is missing, unreadable, not JSON or of another version
   */
  loadFile(path: string): this {
    let document: ToolSchemaManifestDocument;
    try {
      document = readToolSchemaManifestFile(path);
    } catch (error) {
      if (ToolSchemaManifestError.isInstance(error)) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      const what = code === 'ENOENT' ? 'was not found' : `cannot be read (${(error as Error).message})`;
      throw new ToolSchemaManifestError(`Tool schema manifest ${path} ${what}. ${REGENERATE_HINT}`, {
        manifest: path,
        cause: error,
      });
    }
    return this.register(document);
  }

  /**
   * Whether a manifest holds the method's schema; reads no entry (start-up checks hundreds of
   * methods and builds their callbacks only at the first request).
   *
   * @param className - the class's constructor `name`, e.g. `OrderTools`
   * @param methodName - the method name, e.g. `getOrderStatus`
   */
  has(className: string, methodName: string): boolean {
    const key = toolSchemaKey(className, methodName);
    for (let i = this.documents.length - 1; i >= 0; i--) {
      if (this.documents[i].has(key)) return true;
    }
    return false;
  }

  /**
   * @param className - the class's constructor `name`, e.g. `OrderTools`
   * @param methodName - the method name, e.g. `getOrderStatus`
   * @returns the method's schema, or `undefined` when no manifest holds it
   */
  get(className: string, methodName: string): ToolMethodSchema | undefined {
    const key = toolSchemaKey(className, methodName);
    for (let i = this.documents.length - 1; i >= 0; i--) {
      const entry = this.documents[i].get(key);
      if (entry !== undefined) return entry;
    }
    return undefined;
  }

  /**
   * The schema of an augmentation argument type (see `AugmentedToolCallbackProvider`).
   *
   * @param className - the class's constructor `name`, e.g. `AgentThinking`
   * @returns its schema from the newest manifest that has it, or `undefined` when none has
   * @throws ToolSchemaManifestError when that manifest's entry is broken
   */
  getArgumentType(className: string): ToolArgumentTypeSchema | undefined {
    for (let i = this.documents.length - 1; i >= 0; i--) {
      const entry = this.documents[i].argumentType(className);
      if (entry !== undefined) return entry;
    }
    return undefined;
  }

  /**
   * The schema of a structured output type (see `BeanOutputConverter`).
   *
   * @param typeName - the type's name, e.g. `OrderAnswer`
   * @returns its schema from the newest manifest that has it, or `undefined` when none has
   * @throws ToolSchemaManifestError when that manifest's entry is broken
   */
  getOutputType(typeName: string): StructuredOutputTypeSchema | undefined {
    for (let i = this.documents.length - 1; i >= 0; i--) {
      const entry = this.documents[i].outputType(typeName);
      if (entry !== undefined) return entry;
    }
    return undefined;
  }
}

/** The registry used when none is given (by `ToolCallbacks.from` and `MethodToolCallbackProvider`). */
export const toolSchemaRegistry = new ToolSchemaRegistry();
