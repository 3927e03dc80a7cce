import { McpToolParam, type McpToolParamOptions } from './mcp-tool-param';

/**
 * Describes one argument of an `@McpPrompt` (or variable of an `@McpResource`) method; the same
 * as `@McpToolParam`, named as in Spring.
 *
 * @see Spring AI `@McpArg`
 */
export function McpArg(options: McpToolParamOptions = {}): ParameterDecorator {
  return McpToolParam(options);
}
