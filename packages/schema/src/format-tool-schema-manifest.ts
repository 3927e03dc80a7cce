import type { ToolSchemaManifest } from '@sprout-ai/core';

/**
 * The manifest as the JSON text `sprout-schema` writes: two-space indentation, a final newline,
 * tools sorted by key and every object's keys in a fixed order, so regenerating unchanged
 * sources gives a byte-identical file (friendly to committing it and to `--check`).
 *
 * @param manifest - the manifest to write
 * @returns the JSON text, e.g. `{\n  "version": 1,\n  "generator": "@sprout-ai/schema@0.1.0",\n  ...`
 */
export function formatToolSchemaManifest(manifest: ToolSchemaManifest): string {
  const tools = Object.fromEntries(Object.entries(manifest.tools).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const ordered: ToolSchemaManifest = {
    version: manifest.version,
    generator: manifest.generator,
    ...(manifest.sourceHash === undefined ? {} : { sourceHash: manifest.sourceHash }),
    ...(manifest.project === undefined ? {} : { project: manifest.project }),
    tools,
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}
