/**
 * How the framework treats a tool's result.
 *
 * @see Spring AI `ToolMetadata`
 */
export interface ToolMetadata {
  /** When every tool of a round has it, the results go straight to the caller, not back to the model. */
  readonly returnDirect: boolean;
}

/** Metadata of a tool that returns its result to the model. */
export const DEFAULT_TOOL_METADATA: ToolMetadata = Object.freeze({ returnDirect: false });
