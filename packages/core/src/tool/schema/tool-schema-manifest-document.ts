import { ToolSchemaManifestError } from './tool-schema-manifest-error';
import {
  type SerializedToolMethodSchema,
  type ToolArgumentTypeSchema,
  type SerializedToolSchemaManifest,
  type StructuredOutputTypeSchema,
  type ToolMethodSchema,
  type ToolParameterSchema,
  type ToolSchemaManifest,
  toolSchemaKey,
} from './tool-schema-manifest';
import {
  MANIFEST_TOOLS_CLOSING,
  MANIFEST_TOOLS_OPENING,
  parseHeaderLines,
  scanToolLines,
  type ToolLineScan,
} from './tool-schema-manifest-layout';

/** The manifest versions Sprout reads: 1 (schemas as objects) and 2 (schemas as JSON text, the file form). */
const SUPPORTED_VERSIONS: readonly unknown[] = [1, 2];

/** Appended to every manifest error. */
export const REGENERATE_HINT = 'Run `npm run build` (or `npx sprout-schema`) to regenerate it.';

/**
 * Implemented by entries read from the file form: the schema's JSON text as `sprout-schema` wrote it,
 * so a definition with nothing to merge can send it without parsing and re-serialising it. @internal
 */
export const INPUT_SCHEMA_TEXT = Symbol('sprout.inputSchemaText');

/** An entry that can give its schema's text. @internal */
export interface WithInputSchemaText {
  [INPUT_SCHEMA_TEXT](): string;
}

/** True when the entry came from a file-form manifest and can give its schema text. @internal */
export function hasInputSchemaText(entry: ToolMethodSchema): entry is ToolMethodSchema & WithInputSchemaText {
  return typeof (entry as Partial<WithInputSchemaText>)[INPUT_SCHEMA_TEXT] === 'function';
}

/** The header of a manifest: everything but its tools. */
type ManifestHeader = Omit<SerializedToolSchemaManifest, 'version' | 'tools'> & { readonly version: 1 | 2 };

/**
 * A tool schema manifest as start-up reads it: the header at once, and each tool's entry as a
 * {@link ToolMethodSchema} whose fields are parsed when first read.
 *
 * For the file `sprout-schema` writes (version 2, one tool per line), {@link parse} only finds
 * where each tool's line is: no entry is parsed until a field of it is read, and a schema only
 * when its `inputSchema` is (the first request that offers the tool). Any other JSON text (hand
 * formatted, version 1) is parsed whole, as is a manifest object given to {@link from}.
 *
 * @remarks Why: start-up with hundreds of tools spent most of its manifest time in `JSON.parse`
 * and in the garbage it leaves; a tool line is a slice of the file's text until it is needed.
 */
export class ToolSchemaManifestDocument {
  readonly version: 1 | 2;
  /** Generator name and version, e.g. `@sprout-ai/schema@0.1.0`. */
  readonly generator: string;
  /** See {@link ToolSchemaManifest.sourceHash}. */
  readonly sourceHash?: string;
  /** See {@link ToolSchemaManifest.project}. */
  readonly project?: string;
  /** Where it came from (a file path, or `<manifest>`), for error messages. */
  readonly source: string;
  readonly #entries: EntryIndex;
  /** `#entries.keySet`, held here: start-up asks {@link has} for every `@Tool` method. */
  readonly #keySet: KeyLookup;
  readonly #sourceFiles: readonly string[] | undefined;
  readonly #argumentTypes: unknown;
  readonly #outputTypes: unknown;

  private constructor(
    header: ManifestHeader,
    entries: EntryIndex,
    source: string,
    sourceFiles: readonly string[] | undefined,
  ) {
    this.version = header.version;
    this.generator = header.generator;
    if (header.sourceHash !== undefined) this.sourceHash = header.sourceHash;
    if (header.project !== undefined) this.project = header.project;
    this.source = source;
    this.#entries = entries;
    this.#keySet = entries.keySet;
    this.#sourceFiles = sourceFiles;
    this.#argumentTypes = (header as { argumentTypes?: unknown }).argumentTypes;
    this.#outputTypes = (header as { outputTypes?: unknown }).outputTypes;
  }

  /**
   * Reads manifest JSON text.
   *
   * @param text - the file's text, e.g. `{\n  "version": 2,\n  …\n  "tools": {\n    "OrderTools.getOrderStatus": {…}\n  }\n}\n`
   * @param source - its path, for error messages
   * @returns the document
   * @throws ToolSchemaManifestError naming the source when the text is not JSON (e.g. cut short), not a
   * manifest object, of another version, or has no `tools` object
   */
  static parse(text: string, source: string): ToolSchemaManifestDocument {
    const lines = parseToolLines(text, source);
    if (lines === undefined) return ToolSchemaManifestDocument.from(parseJson(text, source), source);
    return new ToolSchemaManifestDocument(lines.header, lines.entries, source, lines.sourceFiles);
  }

  /**
   * Reads a manifest from the head of its file only, when the file is in the layout `sprout-schema`
   * writes and its header lists the `toolKeys`: the tool lines (nearly all of the file) are read
   * with `readWhole` at the first entry read, not now.
   *
   * @param head - the file's text up to and including the line `  "tools": {`
   * @param source - the file's path, for error messages
   * @param readWhole - reads the file's whole text; called once, at the first {@link get}
   * @returns the document, or `undefined` when the head is not that layout or has no `toolKeys`
   * (then parse the whole text with {@link parse})
   * @throws ToolSchemaManifestError (from the first {@link get}, not from here) naming the file when, by
   * then, the file no longer starts with this head or is cut short: it was rewritten after
   * start-up read it
   * @remarks Why: with hundreds of tools the tool lines are hundreds of kB, and reading them
   * (fresh memory for the bytes and for the text) was the largest part of start-up; start-up only
   * needs the header to check the `@Tool` methods and the staleness.
   */
  static parseHead(head: string, source: string, readWhole: () => string): ToolSchemaManifestDocument | undefined {
    if (!head.endsWith(MANIFEST_TOOLS_OPENING)) return undefined;
    const header = parseHeader(head, head.length - MANIFEST_TOOLS_OPENING.length);
    if (header === undefined || !hasToolKeys(header)) return undefined;
    const wholeText = (): string => {
      const text = readWhole();
      if (!text.startsWith(head) || !text.trimEnd().endsWith(MANIFEST_TOOLS_CLOSING)) {
        throw new ToolSchemaManifestError(
          `Tool schema manifest ${source} changed after start-up read its header (it was rewritten while the application ran). Restart the application to load it.`,
          { manifest: source },
        );
      }
      return text;
    };
    const entries = new ToolLines(wholeText, head.length, source, header.toolKeys);
    return new ToolSchemaManifestDocument(header, entries, source, sourceFilesOf(header));
  }

  /**
   * Wraps a manifest object (version 1, or the version 2 file form).
   *
   * @param manifest - e.g. `{"version":1,"generator":"…","tools":{"OrderTools.getOrderStatus":{…}}}`
   * @param source - where it came from, for error messages
   * @throws ToolSchemaManifestError when it is not a manifest object, has another version or no `tools` object
   */
  static from(
    manifest: ToolSchemaManifest | SerializedToolSchemaManifest,
    source = '<manifest>',
  ): ToolSchemaManifestDocument {
    const problem = manifestProblem(manifest);
    if (problem !== undefined) {
      throw new ToolSchemaManifestError(`Tool schema manifest ${source} ${problem}. ${REGENERATE_HINT}`, {
        manifest: source,
      });
    }
    const entries = new Map<string, ToolMethodSchema>();
    if (manifest.version === 2) {
      for (const key in manifest.tools) entries.set(key, new SerializedEntry(manifest.tools[key], source));
    } else {
      for (const key in manifest.tools) entries.set(key, manifest.tools[key]);
    }
    const sources = (manifest as { sources?: unknown }).sources;
    return new ToolSchemaManifestDocument(
      manifest,
      new EntryMap(entries),
      source,
      isStringArray(sources) ? sources : undefined,
    );
  }

  /** The keys of its tools (`ClassName.methodName`), in file order. */
  keys(): readonly string[] {
    return this.#entries.keys();
  }

  /** True when it has an entry for the key (nothing is parsed). */
  has(key: string): boolean {
    return this.#keySet.has(key);
  }

  /** The entry of a tool (the same object on every call), or `undefined`. */
  get(key: string): ToolMethodSchema | undefined {
    return this.#entries.get(key);
  }

  /**
   * The schema of an augmentation argument type (see `ToolSchemaManifest.argumentTypes`).
   *
   * @param className - the class's constructor `name`, e.g. `AgentThinking`
   * @returns the entry, or `undefined` when it has none
   * @throws ToolSchemaManifestError naming the class when its entry is not an object with an `inputSchema` object
   */
  argumentType(className: string): ToolArgumentTypeSchema | undefined {
    const all = this.#argumentTypes;
    if (typeof all !== 'object' || all === null || !Object.prototype.hasOwnProperty.call(all, className))
      return undefined;
    const entry = (all as Record<string, unknown>)[className] as { inputSchema?: unknown } | null;
    const schema = entry?.inputSchema;
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new ToolSchemaManifestError(
        `Tool schema manifest ${this.source}: the argument type entry of ${className} has no inputSchema object. ${REGENERATE_HINT}`,
        { manifest: this.source },
      );
    }
    return entry as ToolArgumentTypeSchema;
  }

  /**
   * The schema of a structured output type (see `ToolSchemaManifest.outputTypes`).
   *
   * @param typeName - the type's name, e.g. `OrderAnswer`
   * @returns the entry, or `undefined` when it has none
   * @throws ToolSchemaManifestError naming the type when its entry is not an object with a `schema` object
   */
  outputType(typeName: string): StructuredOutputTypeSchema | undefined {
    const all = this.#outputTypes;
    if (typeof all !== 'object' || all === null || !Object.prototype.hasOwnProperty.call(all, typeName))
      return undefined;
    const entry = (all as Record<string, unknown>)[typeName] as { schema?: unknown } | null;
    const schema = entry?.schema;
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new ToolSchemaManifestError(
        `Tool schema manifest ${this.source}: the output type entry of ${typeName} has no schema object. ${REGENERATE_HINT}`,
        { manifest: this.source },
      );
    }
    return entry as StructuredOutputTypeSchema;
  }

  /**
   * The files its `sourceHash` covers (see `ToolSchemaManifest.sources`): the listed `sources` when
   * it has them (so no entry is parsed), else every tool's `sourceFile`, sorted and without repeats.
   */
  sourceFiles(): readonly string[] {
    return (
      this.#sourceFiles ?? [...new Set(this.keys().map((key) => (this.get(key) as ToolMethodSchema).sourceFile))].sort()
    );
  }
}

function parseJson(text: string, source: string): ToolSchemaManifest | SerializedToolSchemaManifest {
  try {
    return JSON.parse(text) as ToolSchemaManifest;
  } catch (error) {
    throw new ToolSchemaManifestError(
      `Tool schema manifest ${source} is not valid JSON (${(error as Error).message}). ${REGENERATE_HINT}`,
      { manifest: source, cause: error },
    );
  }
}

/**
 * The fast path for the layout `formatToolSchemaManifest` writes: header lines, then
 * `    "<key>": {…}` one per line. Returns `undefined` (parse it whole) for any other layout.
 * When the header lists the `toolKeys`, the tool lines are only found when an entry is first read.
 */
function parseToolLines(
  text: string,
  source: string,
): { header: ManifestHeader; entries: EntryIndex; sourceFiles: readonly string[] | undefined } | undefined {
  const toolsAt = text.indexOf(MANIFEST_TOOLS_OPENING);
  if (toolsAt < 0) return undefined;
  const header = parseHeader(text, toolsAt);
  if (header === undefined) return undefined;
  const linesAt = toolsAt + MANIFEST_TOOLS_OPENING.length;
  let entries: ToolLines;
  if (hasToolKeys(header) && text.trimEnd().endsWith(MANIFEST_TOOLS_CLOSING)) {
    entries = new ToolLines(() => text, linesAt, source, header.toolKeys);
  } else {
    const scan = scanToolLines(text, linesAt);
    if (scan === undefined) return undefined;
    entries = new ToolLines(() => text, linesAt, source, scan.keys, scan);
  }
  return { header, entries, sourceFiles: sourceFilesOf(header) };
}

/** The header lines before `toolsAt` (the tools opening line) as a version 2 header, or `undefined`. */
function parseHeader(text: string, toolsAt: number): ManifestHeader | undefined {
  const header = parseHeaderLines(text, toolsAt);
  if (manifestProblem(header) !== undefined || (header as { version: unknown }).version !== 2) return undefined;
  return header as ManifestHeader;
}

function hasToolKeys(header: ManifestHeader): header is ManifestHeader & { readonly toolKeys: readonly string[] } {
  const { toolKeys } = header as { toolKeys?: unknown };
  return isStringArray(toolKeys) && toolKeys.length > 0;
}

function sourceFilesOf(header: ManifestHeader): readonly string[] | undefined {
  const { sources } = header as { sources?: unknown };
  return isStringArray(sources) ? sources : undefined;
}

function isStringArray(value: unknown): value is readonly string[] {
  if (!Array.isArray(value)) return false;
  // A loop, not every(): hundreds of keys are checked at start-up, where each callback call is interpreted.
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return false;
  return true;
}

/** The tools of a document, by key. */
interface EntryIndex {
  keys(): readonly string[];
  /** Answers whether there is an entry for a key, without reading one. */
  readonly keySet: KeyLookup;
  get(key: string): ToolMethodSchema | undefined;
}

/** A `Set` of keys, or a `Map` by key. */
interface KeyLookup {
  has(key: string): boolean;
}

/** Entries that are objects already (a manifest object). */
class EntryMap implements EntryIndex {
  readonly #keys: readonly string[];
  readonly keySet: KeyLookup;

  constructor(private readonly entries: ReadonlyMap<string, ToolMethodSchema>) {
    this.#keys = [...entries.keys()];
    this.keySet = entries;
  }

  keys(): readonly string[] {
    return this.#keys;
  }

  get(key: string): ToolMethodSchema | undefined {
    return this.entries.get(key);
  }
}

/**
 * The tool lines of a file: for each key only where its line's JSON starts and ends; an entry
 * object is made when the key is first looked up, and its line parsed when a field is first read.
 * With the header's `toolKeys`, {@link has} answers from them and the lines are found at the first
 * {@link get}.
 */
class ToolLines implements EntryIndex {
  /** The header's `toolKeys` as a set, or the key positions when the lines were scanned at once. */
  readonly keySet: KeyLookup;
  #text: string | undefined;
  #positions: Map<string, number> | undefined;
  #bounds: readonly number[] = [];
  readonly #made: (ToolMethodSchema | undefined)[] = [];

  /** @param readText - gives the file's text (called once, when the lines are first needed) */
  constructor(
    private readonly readText: () => string,
    private readonly linesAt: number,
    private readonly source: string,
    private readonly lineKeys: readonly string[],
    scan?: ToolLineScan,
  ) {
    this.keySet = scan === undefined ? new Set(lineKeys) : this.#index(scan);
  }

  keys(): readonly string[] {
    return this.lineKeys;
  }

  /** @throws ToolSchemaManifestError naming the file when its tool lines do not match its `toolKeys` (edited by hand) */
  get(key: string): ToolMethodSchema | undefined {
    const i = this.#lines().get(key);
    if (i === undefined) return undefined;
    this.#made[i] ??= new ToolLineEntry(
      key,
      this.#wholeText(),
      this.#bounds[2 * i],
      this.#bounds[2 * i + 1],
      this.source,
    );
    return this.#made[i];
  }

  #wholeText(): string {
    this.#text ??= this.readText();
    return this.#text;
  }

  #lines(): Map<string, number> {
    if (this.#positions === undefined) {
      const scan = scanToolLines(this.#wholeText(), this.linesAt);
      if (
        scan === undefined ||
        scan.keys.length !== this.lineKeys.length ||
        scan.keys.some((k, i) => k !== this.lineKeys[i])
      ) {
        throw new ToolSchemaManifestError(
          `Tool schema manifest ${this.source}: its tool lines do not match its "toolKeys" (was it edited by hand?). ${REGENERATE_HINT}`,
          { manifest: this.source },
        );
      }
      this.#index(scan);
    }
    return this.#positions as Map<string, number>;
  }

  /** @returns the key positions it indexed */
  #index(scan: ToolLineScan): Map<string, number> {
    const positions = new Map<string, number>();
    scan.keys.forEach((key, i) => positions.set(key, i));
    this.#positions = positions;
    this.#bounds = scan.bounds;
    return positions;
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

function notObjectText(source: string, key: string): ToolSchemaManifestError {
  return new ToolSchemaManifestError(
    `Tool schema manifest ${source}: the inputSchema of ${key} is not JSON object text. ${REGENERATE_HINT}`,
    { manifest: source },
  );
}

/** Parses a version 2 `inputSchema` text, which must be a JSON object. */
function parseInputSchemaText(text: unknown, source: string, key: string): Readonly<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw notObjectText(source, key);
  return parsed as Record<string, unknown>;
}

/** An entry of a version 2 manifest object: the same fields, with `inputSchema` parsed from its text when first read. */
class SerializedEntry implements ToolMethodSchema {
  readonly className: string;
  readonly methodName: string;
  readonly sourceFile: string;
  readonly description?: string;
  readonly parameters: readonly ToolParameterSchema[];
  readonly dateSchemaPaths?: readonly string[];
  readonly returnsVoid: boolean;
  readonly outputSchema?: Readonly<Record<string, unknown>>;
  #inputSchemaText: string;
  #inputSchema: Readonly<Record<string, unknown>> | undefined;
  #source: string;

  /** @throws ToolSchemaManifestError when the schema text is plainly not a JSON object (it is fully parsed when first read) */
  constructor(entry: SerializedToolMethodSchema, source: string) {
    if (typeof entry?.inputSchema !== 'string' || !/^\s*\{/.test(entry.inputSchema)) {
      throw notObjectText(source, `${entry?.className}.${entry?.methodName}`);
    }
    this.className = entry.className;
    this.methodName = entry.methodName;
    this.sourceFile = entry.sourceFile;
    if (entry.description !== undefined) this.description = entry.description;
    this.parameters = entry.parameters;
    if (entry.dateSchemaPaths !== undefined) this.dateSchemaPaths = entry.dateSchemaPaths;
    this.returnsVoid = entry.returnsVoid;
    if (entry.outputSchema !== undefined) this.outputSchema = entry.outputSchema;
    this.#inputSchemaText = entry.inputSchema;
    this.#source = source;
  }

  /** @throws ToolSchemaManifestError naming the tool and the manifest when the text is not a JSON object */
  get inputSchema(): Readonly<Record<string, unknown>> {
    this.#inputSchema ??= parseInputSchemaText(
      this.#inputSchemaText,
      this.#source,
      toolSchemaKey(this.className, this.methodName),
    );
    return this.#inputSchema;
  }

  toJSON(): ToolMethodSchema {
    // eslint-disable-next-line @typescript-eslint/no-misused-spread -- the public fields are the JSON form
    return { ...this, inputSchema: this.inputSchema };
  }

  [INPUT_SCHEMA_TEXT](): string {
    return this.#inputSchemaText;
  }
}

/**
 * An entry that is still a line of the manifest's text: the line is parsed when a field other than
 * the class and method name is first read, its schema when `inputSchema` is.
 */
class ToolLineEntry implements ToolMethodSchema {
  // Plain private fields (not #fields): hundreds of these are made at start-up, where cold #field
  // writes cost measurably more.
  private text: string | undefined;
  private entry: SerializedToolMethodSchema | undefined;
  private parsedInputSchema: Readonly<Record<string, unknown>> | undefined;

  constructor(
    private readonly key: string,
    text: string,
    private readonly start: number,
    private readonly end: number,
    private readonly source: string,
  ) {
    this.text = text;
  }

  get className(): string {
    return this.key.slice(0, this.key.indexOf('.'));
  }

  get methodName(): string {
    return this.key.slice(this.key.indexOf('.') + 1);
  }

  get sourceFile(): string {
    return this.read().sourceFile;
  }

  get description(): string | undefined {
    return this.read().description;
  }

  get parameters(): readonly ToolParameterSchema[] {
    return this.read().parameters;
  }

  get dateSchemaPaths(): readonly string[] | undefined {
    return this.read().dateSchemaPaths;
  }

  get returnsVoid(): boolean {
    return this.read().returnsVoid;
  }

  get outputSchema(): Readonly<Record<string, unknown>> | undefined {
    return this.read().outputSchema;
  }

  /** @throws ToolSchemaManifestError naming the tool and the manifest when the schema text is not a JSON object */
  get inputSchema(): Readonly<Record<string, unknown>> {
    this.parsedInputSchema ??= parseInputSchemaText(this.read().inputSchema, this.source, this.key);
    return this.parsedInputSchema;
  }

  /** @throws ToolSchemaManifestError naming the tool when its line or schema text is not a JSON object */
  [INPUT_SCHEMA_TEXT](): string {
    const text = this.read().inputSchema;
    if (typeof text !== 'string' || !/^\{[^]*\}$/.test(text)) throw notObjectText(this.source, this.key);
    return text;
  }

  toJSON(): ToolMethodSchema {
    const { inputSchema: _text, ...rest } = this.read();
    return { ...rest, inputSchema: this.inputSchema };
  }

  /** @throws ToolSchemaManifestError naming the tool and the manifest when its line is not a JSON object */
  private read(): SerializedToolMethodSchema {
    if (this.entry === undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse((this.text as string).slice(this.start, this.end));
      } catch {
        parsed = undefined;
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new ToolSchemaManifestError(
          `Tool schema manifest ${this.source}: the entry of ${this.key} is not a JSON object. ${REGENERATE_HINT}`,
          { manifest: this.source },
        );
      }
      this.entry = parsed as SerializedToolMethodSchema;
      this.text = undefined; // the file's text can go once every entry has been read
    }
    return this.entry;
  }
}
