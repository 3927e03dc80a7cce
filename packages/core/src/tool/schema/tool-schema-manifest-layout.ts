import {
  type SerializedToolSchemaManifest,
  type ToolSchemaManifest,
  serializeToolSchemaManifest,
} from './tool-schema-manifest';

// The layout of the manifest file, written and recognised here only: `sprout-schema` writes it
// with formatToolSchemaManifest, and start-up reads its tool lines without parsing them (see
// ToolSchemaManifestDocument). Any other JSON text of a manifest is read too, only parsed whole.

/** Where the tool lines begin. @internal */
export const MANIFEST_TOOLS_OPENING = '\n  "tools": {\n';
/** How each tool line begins (then its key, `JSON.stringify`d). */
const TOOL_LINE_PREFIX = '    "';
/** How the file ends (then a newline). @internal */
export const MANIFEST_TOOLS_CLOSING = '  }\n}';

/**
 * The manifest as the JSON text `sprout-schema` writes: the version 2 file form (each tool's
 * `inputSchema` as compact JSON text, which start-up copies instead of parsing), one header key
 * (the few augmentation `argumentTypes` on one line, with their schemas as objects) and one tool per line (compact, so the file is small and quick to parse, and a diff shows which
 * tools changed), a final newline, tools sorted by key and every object's keys in a fixed order,
 * so regenerating unchanged sources gives a byte-identical file (friendly to committing it and to
 * `sprout-schema --check`).
 *
 * @param manifest - the manifest to write
 * @returns the JSON text, e.g. `{\n  "version": 2,\n  "generator": "@sprout-ai/schema@0.1.0",\n  ...\n  "tools": {\n    "OrderTools.getOrderStatus": {"className":…}\n  }\n}\n`
 */
export function formatToolSchemaManifest(manifest: ToolSchemaManifest): string {
  const serialized = serializeToolSchemaManifest(manifest);
  const entries = Object.entries(serialized.tools).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const header: Omit<SerializedToolSchemaManifest, 'tools'> = {
    version: serialized.version,
    generator: serialized.generator,
    ...(serialized.sourceHash === undefined ? {} : { sourceHash: serialized.sourceHash }),
    ...(serialized.inputHash === undefined ? {} : { inputHash: serialized.inputHash }),
    ...(serialized.project === undefined ? {} : { project: serialized.project }),
    sources: serialized.sources,
    ...(serialized.typeFiles === undefined ? {} : { typeFiles: serialized.typeFiles }),
    ...(serialized.argumentTypes === undefined || Object.keys(serialized.argumentTypes).length === 0
      ? {}
      : { argumentTypes: sortedByKey(serialized.argumentTypes) }),
    ...(serialized.outputTypes === undefined || Object.keys(serialized.outputTypes).length === 0
      ? {}
      : { outputTypes: sortedByKey(serialized.outputTypes) }),
    toolKeys: entries.map(([key]) => key),
  };
  const headerLines = Object.entries(header).map(
    ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},`,
  );
  const toolLines = entries.map(([key, entry]) => `    ${JSON.stringify(key)}: ${JSON.stringify(entry)}`);
  const tools = toolLines.length === 0 ? '  "tools": {}' : `  "tools": {\n${toolLines.join(',\n')}\n  }`;
  return `{\n${[...headerLines, tools].join('\n')}\n}\n`;
}

function sortedByKey<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The header lines before `toolsAt` (where {@link MANIFEST_TOOLS_OPENING} starts) as JSON, or
 * `undefined` when they are not. @internal
 */
export function parseHeaderLines(text: string, toolsAt: number): unknown {
  try {
    // The header lines end with commas; closing them with an empty tools object makes them JSON.
    return JSON.parse(`${text.slice(0, toolsAt + 1)}"tools":{}}`);
  } catch {
    return undefined;
  }
}

/** Where each tool line's key and JSON are. @internal */
export interface ToolLineScan {
  readonly keys: readonly string[];
  /** Start and end offset of each line's JSON, two numbers per key. */
  readonly bounds: readonly number[];
}

/**
 * Finds the tool lines from `at` (the first tool line) to the closing lines; `undefined` when the
 * text is not one whole entry per line up to the closing lines. @internal
 */
export function scanToolLines(text: string, at: number): ToolLineScan | undefined {
  const keys: string[] = [];
  const bounds: number[] = [];
  while (!text.startsWith(MANIFEST_TOOLS_CLOSING, at)) {
    const lineEnd = text.indexOf('\n', at);
    if (!text.startsWith(TOOL_LINE_PREFIX, at) || lineEnd < 0) return undefined;
    const keyStart = at + TOOL_LINE_PREFIX.length;
    const keyEnd = text.indexOf('": {', keyStart);
    if (keyEnd < 0 || keyEnd > lineEnd) return undefined;
    const key = text.slice(keyStart, keyEnd);
    if (key.includes('"') || key.includes('\\')) return undefined;
    const entryEnd = text.charCodeAt(lineEnd - 1) === 0x2c /* , */ ? lineEnd - 1 : lineEnd;
    // Not a whole entry on this line (a reformatted file, or one cut short): parse the file whole.
    if (text.charCodeAt(entryEnd - 1) !== 0x7d /* } */) return undefined;
    keys.push(key);
    bounds.push(keyEnd + 3, entryEnd);
    at = lineEnd + 1;
  }
  if (text.slice(at + MANIFEST_TOOLS_CLOSING.length).trim() !== '') return undefined;
  return { keys, bounds };
}
