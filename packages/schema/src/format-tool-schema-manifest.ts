import type { SerializedToolSchemaManifest, ToolSchemaManifest } from '@sprout-ai/core';
import { serializeToolSchemaManifest } from '@sprout-ai/core/internal';

/**
 * The manifest as the JSON text `sprout-schema` writes: the version 2 file form (each tool's
 * `inputSchema` as compact JSON text, which start-up copies instead of parsing), one header key
 * and one tool per line (compact, so the file is small and quick to parse, and a diff shows which
 * tools changed), a final newline, tools sorted by key and every object's keys in a fixed order,
 * so regenerating unchanged sources gives a byte-identical file (friendly to committing it and to `--check`).
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
    ...(serialized.project === undefined ? {} : { project: serialized.project }),
    sources: serialized.sources,
    toolKeys: entries.map(([key]) => key),
  };
  const headerLines = Object.entries(header).map(
    ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},`,
  );
  const toolLines = entries.map(([key, entry]) => `    ${JSON.stringify(key)}: ${JSON.stringify(entry)}`);
  const tools = toolLines.length === 0 ? '  "tools": {}' : `  "tools": {\n${toolLines.join(',\n')}\n  }`;
  return `{\n${[...headerLines, tools].join('\n')}\n}\n`;
}
