import type { ToolDefinition } from '../definition/tool-definition';
import type { ToolCallResultConverter } from './tool-call-result-converter';
import { ToolExecutionError } from './tool-execution-error';

/**
 * Runs a tool's code; whatever it throws becomes a {@link ToolExecutionError} (one it throws
 * itself is passed on as it is).
 *
 * @param toolDefinition - the tool, for the error
 * @param invoke - calls the tool's code
 * @returns the awaited result
 */
export async function invokeTool(toolDefinition: ToolDefinition, invoke: () => unknown): Promise<unknown> {
  try {
    return await invoke();
  } catch (error) {
    throw asToolExecutionError(toolDefinition, error);
  }
}

/**
 * What {@link invokeTool} throws for an error of the tool's code: the error itself when it is a
 * {@link ToolExecutionError}, else one wrapping it (for callers that run the code inline, without
 * a closure per call).
 *
 * @param toolDefinition - the tool, for the error
 * @param error - what the tool's code threw or rejected with
 */
export function asToolExecutionError(toolDefinition: ToolDefinition, error: unknown): ToolExecutionError {
  return ToolExecutionError.isInstance(error) ? error : new ToolExecutionError({ toolDefinition, cause: error });
}

/**
 * Converts a tool's result to text with the tool's converter.
 *
 * @returns the converter's text
 * @throws ToolExecutionError when the converter throws or returns something other than a string,
 * so the failure is reported for this call only
 */
export function convertToolResult(
  toolDefinition: ToolDefinition,
  converter: ToolCallResultConverter,
  result: unknown,
  returnsVoid: boolean,
): string {
  let text: unknown;
  try {
    text = converter.convert(result, returnsVoid);
  } catch (error) {
    if (ToolExecutionError.isInstance(error)) throw error;
    throw new ToolExecutionError({ toolDefinition, cause: error });
  }
  if (typeof text !== 'string') {
    const message = `The result converter of tool '${toolDefinition.name}' returned ${text === null ? 'null' : typeof text} instead of a string.`;
    throw new ToolExecutionError({ toolDefinition, cause: new TypeError(message), message });
  }
  return text;
}
