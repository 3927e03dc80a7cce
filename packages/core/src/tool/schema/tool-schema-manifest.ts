/**
 * The build-time schemas of `@Tool` methods, as `generateToolSchemaManifest` returns them and as a
 * manifest object given to the registry, e.g. `{"version":1,"tools":{"OrderTools.getOrderStatus":{...}}}`.
 * The file `sprout-schema` writes is the {@link SerializedToolSchemaManifest} form of it.
 */
export interface ToolSchemaManifest {
  readonly version: 1;
  /** Generator name and version, e.g. `@sprout-ai/schema@0.1.0`. */
  readonly generator: string;
  /**
   * sha256 (hex) over the declarations in the {@link sources} that can shape a schema (method
   * bodies left out), in their order: see `toolSchemaSourcesHash`. Start-up compares it with the
   * sources to find a stale manifest.
   */
  readonly sourceHash?: string;
  /**
   * sha256 (hex) over everything generation read (the generator, compiler options, scanned files
   * and {@link typeFiles}, by their declarations): `sprout-schema` skips regenerating while it is
   * unchanged. Start-up does not read it.
   */
  readonly inputHash?: string;
  /**
   * The project files the schemas were generated from, relative to the tsconfig directory (forward
   * slashes), sorted: the files that declare tool classes and those that declare the types of their
   * arguments (DTO classes, interfaces, enums, aliases, base classes), e.g.
   * `["src/dto/booking.ts", "src/order-tools.ts"]`. Absent in older manifests: then the tools'
   * `sourceFile`s, which is all they hashed.
   */
  readonly sources?: readonly string[];
  /**
   * The tsconfig it was generated from, relative to the manifest file's directory (forward
   * slashes), e.g. `../tsconfig.json`; `sourceFile`s are relative to its directory. Lets start-up
   * check the manifest against the sources when they are present.
   */
  readonly project?: string;
  /**
   * Files outside the scanned sources that declared parts of argument types (another package's
   * `.d.ts` or sources; TypeScript's own lib left out), relative to the tsconfig directory, e.g.
   * `["../shared/dist/money.d.ts"]`; part of {@link inputHash}. Absent when there are none.
   */
  readonly typeFiles?: readonly string[];
  /**
   * The schemas of augmentation argument types (exported classes with a `@ToolParam` property, see
   * `AugmentedToolCallbackProvider`), keyed by class name, e.g. `{"AgentThinking":{…}}`. Absent
   * when the project has none. Kept as objects in the file form too (they are few, and read with
   * the header).
   */
  readonly argumentTypes?: Readonly<Record<string, ToolArgumentTypeSchema>>;
  /**
   * The schemas of structured output types (exported classes, interfaces and type aliases tagged
   * `@structuredOutput` in their TSDoc, read by `.call().entity(Type)`), keyed by type name, e.g.
   * `{"OrderAnswer":{…}}`. Absent when the project has none. Kept as objects in the file form too.
   */
  readonly outputTypes?: Readonly<Record<string, StructuredOutputTypeSchema>>;
  /** Keyed by `ClassName.methodName`. */
  readonly tools: Readonly<Record<string, ToolMethodSchema>>;
}

/**
 * What the runtime needs to know about one structured output type: the JSON Schema an answer must
 * match, made by the rules of a tool's input schema.
 */
export interface StructuredOutputTypeSchema {
  /** The type's name, e.g. `OrderAnswer` (a class's constructor `name`). */
  readonly typeName: string;
  /** Source file relative to the tsconfig directory, with forward slashes. */
  readonly sourceFile: string;
  /**
   * JSON Schema (draft 2020-12) of an answer: `$schema`, `type: "object"`, optional `$defs`,
   * `properties` in declaration order (described by their TSDoc), `required`,
   * `additionalProperties: false`, and the type's TSDoc summary as `description`.
   */
  readonly schema: Readonly<Record<string, unknown>>;
  /** As {@link ToolMethodSchema.dateSchemaPaths}: where its values are `Date`s. Absent when there are none. */
  readonly dateSchemaPaths?: readonly string[];
}

/**
 * What the runtime needs to know about one augmentation argument type: the JSON Schema of its
 * properties, whose `properties` are added to every wrapped tool's input schema.
 */
export interface ToolArgumentTypeSchema {
  /** The class's name, e.g. `AgentThinking`. */
  readonly className: string;
  /** Source file relative to the tsconfig directory, with forward slashes. */
  readonly sourceFile: string;
  /**
   * JSON Schema (draft 2020-12) of an instance, made as a tool method's input schema is (the
   * properties as its parameters): `$schema`, `type: "object"`, optional `$defs`, `properties` in
   * declaration order (described by `@ToolParam({ description })`, else TSDoc), `required`,
   * `additionalProperties: false`.
   */
  readonly inputSchema: Readonly<Record<string, unknown>>;
  /** As {@link ToolMethodSchema.dateSchemaPaths}: where its values are `Date`s. Absent when there are none. */
  readonly dateSchemaPaths?: readonly string[];
}

/** One parameter of a tool method, in declaration order. */
export interface ToolParameterSchema {
  /** Name as written in the source. */
  readonly name: string;
  /** Zero-based position in the method's parameter list. */
  readonly index: number;
  /** `toolContext` parameters are filled by the framework and are absent from `inputSchema`. */
  readonly kind: 'argument' | 'toolContext';
  /** True for `x?: T` or a parameter with a default value. */
  readonly optional: boolean;
}

/** Everything the runtime needs to know about one tool method. */
export interface ToolMethodSchema {
  readonly className: string;
  readonly methodName: string;
  /** Source file relative to the tsconfig directory, with forward slashes. */
  readonly sourceFile: string;
  /** TSDoc summary of the method, used when `@Tool` has no description. */
  readonly description?: string;
  readonly parameters: readonly ToolParameterSchema[];
  /**
   * JSON Schema (draft 2020-12) of the arguments object: `$schema`, `type: "object"`, optional
   * `$defs`, `properties` in parameter order, `required` (always present), `additionalProperties: false`.
   */
  readonly inputSchema: Readonly<Record<string, unknown>>;
  /**
   * JSON pointers (URI-fragment form) of the `inputSchema` nodes whose values are `Date`s, e.g.
   * `["#/properties/deliverBy", "#/$defs/ProductDto/properties/releasedAt"]`; their date-time
   * strings are converted to `Date`s before the method runs. Absent when there are none.
   */
  readonly dateSchemaPaths?: readonly string[];
  /** True when the method returns `void`, `undefined` or `Promise<void>`. */
  readonly returnsVoid: boolean;
  /**
   * JSON Schema (draft 2020-12) of the awaited result, for an `@McpTool` method that returns an
   * object (MCP `outputSchema`; its result is also sent as `structuredContent`): `$schema`,
   * `type: "object"`, `properties`, `required`, optional `$defs`. Absent otherwise.
   */
  readonly outputSchema?: Readonly<Record<string, unknown>>;
}

/** Key of a tool method in the manifest. */
export function toolSchemaKey(className: string, methodName: string): string {
  return `${className}.${methodName}`;
}

/**
 * The manifest file `sprout-schema` writes (version 2): a {@link ToolSchemaManifest} whose
 * `inputSchema`s are compact JSON text, e.g.
 * `{"version":2,"tools":{"OrderTools.getOrderStatus":{...,"inputSchema":"{\"$schema\":…}"}}}`.
 *
 * @remarks Why text: start-up reads the file on every launch, and JSON.parse of hundreds of schema
 * object trees dominated loading a 500-tool manifest; a string is copied, not parsed, and each
 * schema is parsed when first read (the first request that offers the tool).
 */
export interface SerializedToolSchemaManifest extends Omit<ToolSchemaManifest, 'version' | 'tools'> {
  readonly version: 2;
  /**
   * As in {@link ToolSchemaManifest.sources} (always written): start-up checks the manifest against
   * them without reading any tool entry.
   */
  readonly sources?: readonly string[];
  /**
   * The keys of `tools` in file order, which is sorted (written by `formatToolSchemaManifest`): start-up checks the
   * `@Tool` methods against them and finds the tool lines only when an entry is first read.
   */
  readonly toolKeys?: readonly string[];
  /** Keyed by `ClassName.methodName`. */
  readonly tools: Readonly<Record<string, SerializedToolMethodSchema>>;
}

/** A {@link ToolMethodSchema} as stored in a {@link SerializedToolSchemaManifest}: `inputSchema` is JSON text. */
export interface SerializedToolMethodSchema extends Omit<ToolMethodSchema, 'inputSchema'> {
  readonly inputSchema: string;
}

/**
 * The file form of a manifest: the same header and entries, each `inputSchema` as compact JSON text.
 *
 * @param manifest - a manifest object
 * @returns its version 2 form (entries in the given order)
 */
export function serializeToolSchemaManifest(manifest: ToolSchemaManifest): SerializedToolSchemaManifest {
  const tools: Record<string, SerializedToolMethodSchema> = {};
  for (const [key, entry] of Object.entries(manifest.tools)) {
    tools[key] = { ...entry, inputSchema: JSON.stringify(entry.inputSchema) };
  }
  const sources =
    manifest.sources ??
    entrySourceFiles([
      ...Object.values(manifest.tools),
      ...Object.values(manifest.argumentTypes ?? {}),
      ...Object.values(manifest.outputTypes ?? {}),
    ]);
  return { ...manifest, version: 2, sources, tools };
}

/** The entries' `sourceFile`s, sorted, without repeats: the sources of a manifest that does not list them. */
function entrySourceFiles(entries: readonly { readonly sourceFile: string }[]): string[] {
  return [...new Set(entries.map((entry) => entry.sourceFile))].sort();
}
