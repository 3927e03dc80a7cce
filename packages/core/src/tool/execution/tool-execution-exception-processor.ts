import type { ToolExecutionError } from './tool-execution-error';

/**
 * Decides what happens when a tool fails: either the failure becomes the text of the tool's
 * response (the model reads it and may recover), or an error is thrown and the request aborts.
 *
 * @see Spring AI `ToolExecutionExceptionProcessor`
 */
export interface ToolExecutionExceptionProcessor {
  /**
   * @param error - the tool failure; `error.cause` is what the tool threw
   * @returns the text sent to the model as the tool's response
   * @throws the error itself, its cause or any other error, to abort the request instead
   */
  process(error: ToolExecutionError): string;
}
