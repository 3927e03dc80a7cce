import type { ToolContext } from '../chat/model/tool-context';
import type { ToolDefinition } from './definition/tool-definition';
import type { ToolMetadata } from './metadata/tool-metadata';

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
  /** Where the tool came from, for error messages (e.g. `OrderTools.getOrderStatus`). */
  readonly source?: string;
}
