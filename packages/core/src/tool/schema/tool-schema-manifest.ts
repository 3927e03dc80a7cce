/**
 * The build-time schema manifest written by `sprout-schema` and read at start-up, e.g.
 * `{"version":1,"tools":{"OrderTools.getOrderStatus":{...}}}`.
 */
export interface ToolSchemaManifest {
  readonly version: 1;
  /** Generator name and version, e.g. `@sprout-ai/schema@0.1.0`. */
  readonly generator: string;
  /** sha256 of the sources the manifest was generated from (hex). */
  readonly sourceHash?: string;
  /** Keyed by `ClassName.methodName`. */
  readonly tools: Readonly<Record<string, ToolMethodSchema>>;
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
  /** True when the method returns `void`, `undefined` or `Promise<void>`. */
  readonly returnsVoid: boolean;
}

/** Key of a tool method in the manifest. */
export function toolSchemaKey(className: string, methodName: string): string {
  return `${className}.${methodName}`;
}
