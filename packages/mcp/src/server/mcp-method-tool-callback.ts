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
  /** `tools/list` `outputSchema`: the manifest's schema of the method's object result, if any. */
  readonly outputSchema: Readonly<Record<string, unknown>> | undefined;
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
    this.outputSchema = options.methodSchema.outputSchema;
  }

  /**
   * Runs the method for an MCP client: a returned {@link McpToolResult} is sent as its parts,
   * anything else as one text part made by the result converter (as `call` does); with an
   * {@link McpMethodToolCallback.outputSchema}, an object result is also the `structuredContent`.
   *
   * @param toolInput - the arguments as JSON object text
   * @param toolContext - injected into `toolContext` parameters
   * @throws ToolExecutionError as `call`
   */
  async callForMcp(toolInput: string, toolContext: ToolContext): Promise<CallToolResult> {
    const result = await this.invokePrepared(this.prepareArguments(toolInput), toolContext);
    if (result instanceof McpToolResult) return result.toCallToolResult();
    const text = this.converter.convert(result, this.returnsVoid);
    const structured =
      this.outputSchema !== undefined && typeof result === 'object' && result !== null && !Array.isArray(result);
    return {
      content: [{ type: 'text', text }],
      ...(structured ? { structuredContent: JSON.parse(JSON.stringify(result)) as Record<string, unknown> } : {}),
    };
  }
}
