/**
 * How a tool's calls may overlap with the other calls of the same round:
 * - `'parallel'` — runs concurrently with the round's other calls (up to
 *   `spring.ai.tools.execution.max-concurrency`);
 * - `'exclusive'` — never overlaps another call of the round: it starts when the calls before it
 *   have finished, and the calls after it wait for it.
 */
export type ToolConcurrency = 'parallel' | 'exclusive';

/**
 * Whether a call of the tool waits for a person's approval before it runs:
 * - `'required'` — the turn pauses before the call (see `ToolApprovalRules`);
 * - `'none'` — only the configured rules (`sprout.tools.approval.*`, a policy) decide.
 */
export type ToolApprovalMode = 'required' | 'none';

/**
 * Hints about what a tool does, as MCP servers declare them (`tools/list` annotations). Hints,
 * not guarantees: a server may describe its tools wrongly.
 */
export interface ToolAnnotations {
  /** A human-readable title. */
  readonly title?: string;
  /** It does not change its environment. */
  readonly readOnlyHint?: boolean;
  /** It may destroy or overwrite something (meaningful when not read-only). */
  readonly destructiveHint?: boolean;
  /** Calling it again with the same arguments has no further effect. */
  readonly idempotentHint?: boolean;
  /** It reaches an open world (the web, other people), not a closed set of things. */
  readonly openWorldHint?: boolean;
}

/**
 * How the framework treats a tool's calls and results.
 *
 * @remarks Spring's `ToolMetadata` has `returnDirect` only; `concurrency`, `timeoutMs`,
 * `maxResultChars` and `approval` are Sprout's per-tool execution rules (each also settable on
 * `@Tool`); `annotations` carries an MCP tool's hints.
 * @see Spring AI `ToolMetadata`
 */
export interface ToolMetadata {
  /** When every tool of a round has it, the results go straight to the caller, not back to the model. */
  readonly returnDirect: boolean;
  /** @defaultValue `'parallel'` */
  readonly concurrency?: ToolConcurrency;
  /**
   * Time one call may take, in milliseconds; then its signal aborts and the model reads a timeout
   * error for that call. @defaultValue `spring.ai.tools.execution.timeout` (none)
   */
  readonly timeoutMs?: number;
  /**
   * Longest result, in characters, the model reads; a longer one is cut to its head and tail.
   * `-1` means no cap. @defaultValue `spring.ai.tools.result.max-chars` (100 000)
   */
  readonly maxResultChars?: number;
  /** `'required'`: every call waits for a person's approval (docs/approval.md). @defaultValue `'none'` */
  readonly approval?: ToolApprovalMode;
  /** The server's hints about the tool (MCP tools); absent for local tools. */
  readonly annotations?: ToolAnnotations;
}

/** Metadata of a tool that returns its result to the model. */
export const DEFAULT_TOOL_METADATA: ToolMetadata = Object.freeze({ returnDirect: false });
