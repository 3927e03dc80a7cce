/**
 * Turns what a tool returned into the text the model reads.
 *
 * @see Spring AI `ToolCallResultConverter`
 */
export interface ToolCallResultConverter {
  /**
   * @param result - the tool's (awaited) return value
   * @param returnsVoid - true when the method is declared to return `void`/`Promise<void>`
   * @returns the tool message content; never `null`
   * @throws ToolExecutionError (or any Error) when the value cannot be represented as text
   */
  convert(result: unknown, returnsVoid: boolean): string;
}
