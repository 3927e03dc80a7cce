import type { ToolDefinition } from '@sprout-ai/core';
import { createHash } from 'node:crypto';

/**
 * SHA-256 (hex) over the tools' names, descriptions and input schemas, in name order, so the same
 * tool set gives the same fingerprint whatever order the request lists it in. A session's index is
 * rebuilt only when this changes.
 *
 * @remarks Spring hashes names and descriptions only; the schema is included here because the
 * full-text index searches parameter descriptions too.
 */
export function toolSetFingerprint(tools: readonly ToolDefinition[]): string {
  const hash = createHash('sha256');
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const tool of sorted) {
    // Separators that JSON text and tool names cannot contain keep the fields apart.
    hash.update(tool.name).update('\u0000').update(tool.description).update('\u0000').update(tool.inputSchema);
    hash.update('\u0001');
  }
  return hash.digest('hex');
}
