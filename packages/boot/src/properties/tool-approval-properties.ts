import { DEFAULT_MCP_DESTRUCTIVE_APPROVAL, type McpDestructiveApproval } from '@sprout-ai/core';
import { DEFAULT_TOOL_APPROVAL_TIME_TO_LIVE_MS } from '@sprout-ai/chat-client';
import type { PropertyReader } from './property-reader';

/** Keys of the `sprout.tools.approval.*` group (Sprout's: Spring has no approval gate). */
export const TOOL_APPROVAL_PROPERTY_KEYS = {
  requiredTools: 'sprout.tools.approval.required-tools',
  mcpDestructive: 'sprout.tools.approval.mcp-destructive',
  secret: 'sprout.tools.approval.secret',
  timeToLive: 'sprout.tools.approval.time-to-live',
} as const;

/**
 * The `sprout.tools.approval.*` properties, typed and validated (docs/approval.md).
 *
 * | Key | Default | Meaning |
 * |---|---|---|
 * | `sprout.tools.approval.required-tools` | none | tool-name globs whose calls wait for approval, e.g. `cancel*,refund` |
 * | `sprout.tools.approval.mcp-destructive` | `required` | `required`: MCP tools annotated `destructiveHint: true` wait for approval; `none` |
 * | `sprout.tools.approval.secret` | none (random per process with the in-memory store) | HMAC key of stored paused turns, ≥ 32 bytes; required with a SQLite or Redis chat memory store |
 * | `sprout.tools.approval.time-to-live` | `24h` | how long a paused turn accepts decisions |
 */
export interface ToolApprovalProperties {
  readonly requiredTools: readonly string[];
  readonly mcpDestructive: McpDestructiveApproval;
  /** Never logged or shown. */
  readonly secret: string | undefined;
  readonly timeToLiveMs: number;
}

/** What {@link bindToolApprovalProperties} gives when no `sprout.tools.approval.*` key is set. */
export const DEFAULT_TOOL_APPROVAL_PROPERTIES: ToolApprovalProperties = Object.freeze({
  requiredTools: Object.freeze([]),
  mcpDestructive: DEFAULT_MCP_DESTRUCTIVE_APPROVAL,
  secret: undefined,
  timeToLiveMs: DEFAULT_TOOL_APPROVAL_TIME_TO_LIVE_MS,
});

/**
 * Reads and validates the `sprout.tools.approval.*` group.
 *
 * @throws InvalidPropertyError naming the key, the value and what is allowed (the secret's value is never shown)
 */
export function bindToolApprovalProperties(reader: PropertyReader): ToolApprovalProperties {
  const k = TOOL_APPROVAL_PROPERTY_KEYS;
  const secret = reader.string(k.secret);
  return {
    requiredTools: reader.list(k.requiredTools),
    mcpDestructive: reader.enumeration(k.mcpDestructive, ['required', 'none'], DEFAULT_MCP_DESTRUCTIVE_APPROVAL),
    secret: secret === undefined || secret.trim() === '' ? undefined : secret,
    timeToLiveMs: reader.durationMs(k.timeToLive, DEFAULT_TOOL_APPROVAL_TIME_TO_LIVE_MS, {
      accept: (ms) => ms > 0,
      allowed: 'a positive duration such as 30m or 24h',
    }),
  };
}
