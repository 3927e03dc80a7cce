import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  DefaultToolCallResultConverter,
  MethodToolCallback,
  type MethodToolCallbackOptions,
  type ToolCallResultConverter,
  type ToolContext,
} from '@sprout-ai/core';
import type { McpToolAnnotations } from './mcp-tool';
import { McpToolResult } from './mcp-tool-result';

/** Options of {@link McpMethodToolCallback}. */
export interface McpMethodToolCallbackOptions extends MethodToolCallbackOptions {
  /** `tools/list` `title`. */
  readonly title?: string;
  /** `tools/list` `annotations`. */
  readonly annotations?: McpToolAnnotations;
}

/**
 * The callback of an `@McpTool` method: a `MethodToolCallback` that also carries what only MCP
 * clients see (title, annotations). The MCP server runs it with `invokePrepared`, so a returned
 * `McpToolResult` reaches the client as its parts.
 */
export class McpMethodToolCallback extends MethodToolCallback {
  /** `tools/list` `title`. */
  readonly title: string | undefined;
  /** `tools/list` `annotations` (without `title`, which is {@link McpMethodToolCallback.title}). */
  readonly annotations: McpToolAnnotations | undefined;
  private readonly converter: ToolCallResultConverter;
  private readonly returnsVoid: boolean;

  /** @param options - as `MethodToolCallback`'s, plus title and annotations */
  constructor(options: McpMethodToolCallbackOptions) {
    super(options);
    this.title = options.title;
    this.annotations = options.annotations;
    this.converter =
      options.resultConverter ?? new DefaultToolCallResultConverter({ toolName: options.toolDefinition.name });
    this.returnsVoid = options.methodSchema.returnsVoid;
  }

  /**
   * Runs the method for an MCP client: a returned {@link McpToolResult} is sent as its parts,
   * anything else as one text part made by the result converter (as `call` does).
   *
   * @param toolInput - the arguments as JSON object text
   * @param toolContext - injected into `toolContext` parameters
   * @throws ToolExecutionError as `call`
   */
  async callForMcp(toolInput: string, toolContext: ToolContext): Promise<CallToolResult> {
    const result = await this.invokePrepared(this.prepareArguments(toolInput), toolContext);
    if (result instanceof McpToolResult) return result.toCallToolResult();
    return { content: [{ type: 'text', text: this.converter.convert(result, this.returnsVoid) }] };
  }
}
