import { serializeToolSchemaManifest, type ToolSchemaManifest } from '../tool-schema-manifest';

/**
 * A manifest's text in the layout of `formatToolSchemaManifest` (header lines, then one tool per
 * line), with the variations the formatter never writes: tools in the given order, no `toolKeys`
 * line, or other tool lines (`tool-schema-manifest-layout.test.ts` checks it against the formatter).
 *
 * @param manifest - the manifest; its header fields and tools are written as given
 * @param options.toolKeys - write the `toolKeys` header line (as `sprout-schema` does)
 * @param options.lines - the tool lines to write instead of the manifest's own
 */
export function manifestFileText(
  manifest: ToolSchemaManifest,
  options: { toolKeys?: readonly string[]; lines?: readonly string[] } = {},
): string {
  const serialized = serializeToolSchemaManifest(manifest);
  const header = [
    '  "version": 2',
    `  "generator": ${JSON.stringify(manifest.generator)}`,
    ...(manifest.sourceHash === undefined ? [] : [`  "sourceHash": ${JSON.stringify(manifest.sourceHash)}`]),
    ...(manifest.project === undefined ? [] : [`  "project": ${JSON.stringify(manifest.project)}`]),
    `  "sources": ${JSON.stringify(serialized.sources)}`,
    ...(options.toolKeys === undefined ? [] : [`  "toolKeys": ${JSON.stringify(options.toolKeys)}`]),
  ];
  const lines = options.lines ?? manifestToolLines(manifest);
  return `{\n${header.map((line) => `${line},\n`).join('')}  "tools": {\n${lines.join(',\n')}\n  }\n}\n`;
}

/** The tool lines of a manifest, `    "<key>": {…}` each. */
export function manifestToolLines(manifest: ToolSchemaManifest): string[] {
  const serialized = serializeToolSchemaManifest(manifest);
  return Object.entries(serialized.tools).map(([key, entry]) => `    ${JSON.stringify(key)}: ${JSON.stringify(entry)}`);
}
