/** A `notifications/progress` of a running tool call. */
export interface McpProgressEvent {
  readonly connectionName: string;
  /** The tool's name on the server. */
  readonly toolName: string;
  /** Work done so far (rises with each notification; unit chosen by the server). */
  readonly progress: number;
  /** Total work, when the server knows it. */
  readonly total?: number;
  readonly message?: string;
}

/**
 * Receives the progress notifications of tool calls. Every `tools/call` carries a progress token,
 * and each notification also restarts the call's request timeout
 * (`spring.ai.mcp.client.request-timeout`), so a long call that reports progress is not cut off.
 *
 * @see Spring AI `@McpProgress`, MCP Java SDK `McpClient.progressConsumer(...)`
 */
export type McpProgressHandler = (event: McpProgressEvent) => void;
