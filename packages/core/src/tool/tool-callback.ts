import type { ToolContext } from '../chat/model/tool-context';
import type { ToolDefinition } from './definition/tool-definition';
import type { PreparedToolArguments } from './execution/prepared-tool-arguments';
import type { ToolMetadata } from './metadata/tool-metadata';
import type { ToolCallResult } from './tool-call-result';

/**
 * A tool the model can call: its definition, metadata, and how to run it.
 *
 * @remarks Async where Spring is blocking: `call` returns a Promise.
 * @see Spring AI `ToolCallback`
 */
export interface ToolCallback {
  readonly toolDefinition: ToolDefinition;
  readonly toolMetadata: ToolMetadata;
  /**
   * Runs the tool.
   *
   * @param toolInput - the model's arguments as JSON object text, e.g. `{"orderId":"A123"}`
   * @param toolContext - application data for the tool (never from the model)
   * @returns the result text the model reads (never `null`)
   * @throws ToolExecutionError when the tool fails in a way the model may be told about
   */
  call(toolInput: string, toolContext?: ToolContext): Promise<string>;
  /**
   * Checks arguments against the tool's input schema: repairs, parses, coerces and validates them
   * once. Implement it together with {@link ToolCallback.callPrepared}; the loop then prepares each
   * call with it and runs {@link ToolCallback.callPrepared}, so the arguments are parsed only once.
   * Without the pair the loop repairs the text and calls {@link ToolCallback.call}.
   *
   * @param raw - the arguments as the model sent them, e.g. `{"orderId":"A123"}`
   * @returns the prepared arguments (never throws for bad arguments: the problems are in the value)
   * @remarks Sprout's addition to Spring's contract; the built-in callbacks implement it.
   */
  prepareArguments?(raw: unknown): PreparedToolArguments;
  /**
   * Runs the tool with arguments {@link ToolCallback.prepareArguments} made.
   *
   * @param args - the prepared arguments; when they have a problem or violations the callback
   *   throws the `ToolExecutionError` the model should read
   * @param toolContext - application data and the call's `signal`
   * @returns the result text
   * @throws ToolExecutionError as {@link ToolCallback.call}
   */
  callPrepared?(args: PreparedToolArguments, toolContext: ToolContext): Promise<string>;
  /**
   * Runs the tool as {@link ToolCallback.callPrepared} does and answers with its binary content
   * (images) and structured value beside the text. When a callback has it (and `prepareArguments`),
   * the loop runs it instead of `callPrepared` and hands the media to the provider in
   * `ToolResponse.media`.
   *
   * @param args - the prepared arguments, as for {@link ToolCallback.callPrepared}
   * @param toolContext - application data and the call's `signal`
   * @returns the text, media and structured value
   * @throws ToolExecutionError as {@link ToolCallback.call}
   * @remarks Sprout's addition to Spring's contract; `McpToolCallback` implements it.
   */
  callPreparedForResult?(args: PreparedToolArguments, toolContext: ToolContext): Promise<ToolCallResult>;
  /** Where the tool came from, for error messages (e.g. `OrderTools.getOrderStatus`). */
  readonly source?: string;
  /**
   * `gen_ai.tool.type` of the tool's `execute_tool` span: `function` (the default, for code of the
   * application) or `extension` (run by another service, e.g. an MCP server's tool).
   */
  readonly toolType?: 'function' | 'extension';
}
