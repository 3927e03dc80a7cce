import 'reflect-metadata';
import { MCP_METADATA_KEYS } from './mcp-metadata-keys';

/** Options of {@link McpToolParam}. */
export interface McpToolParamOptions {
  /** Description for MCP clients; wins over `@ToolParam` and the TSDoc `@param` text. */
  readonly description?: string;
  /** Whether the client must supply it. @defaultValue true (false when the parameter is optional `?`) */
  readonly required?: boolean;
}

/**
 * Describes one parameter of an `@McpTool` method.
 *
 * @see Spring AI `@McpToolParam`
 */
export function McpToolParam(options: McpToolParamOptions = {}): ParameterDecorator {
  return (target, propertyKey, parameterIndex) => {
    if (typeof propertyKey !== 'string') throw new TypeError('@McpToolParam can only decorate method parameters');
    const ctor = (typeof target === 'function' ? target : target.constructor) as object;
    const all = {
      ...((Reflect.getOwnMetadata(MCP_METADATA_KEYS.mcpToolParams, ctor) ?? {}) as Record<
        string,
        Record<number, McpToolParamOptions>
      >),
    };
    all[propertyKey] = { ...all[propertyKey], [parameterIndex]: options };
    Reflect.defineMetadata(MCP_METADATA_KEYS.mcpToolParams, all, ctor);
  };
}
