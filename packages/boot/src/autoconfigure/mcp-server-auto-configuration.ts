import type { ToolCallbackProvider } from '@sprout-ai/core';
import { type McpToolContextFactory, McpToolServer } from '@sprout-ai/mcp';
import { ContainerModule } from 'inversify';
import { McpTokens } from '../mcp-tokens';
import { bindMcpServerProperties } from '../properties/mcp-server-properties';
import type { SproutProperties } from '../properties/sprout-properties';

/**
 * Binds `McpTokens.McpToolServer` (singleton) to an `McpToolServer` exposing the `@McpTool`
 * methods of the bound classes (`McpTokens.McpServerToolCallbackProvider`, filled by the start-up
 * scan), with `serverInfo` and `instructions` from `spring.ai.mcp.server.*` and a bound
 * `McpToolContextFactory` if any — unless `spring.ai.mcp.server.enabled=false` or the user bound one.
 * Nothing listens until `startMcpServer(app)` is called.
 *
 * @throws InvalidPropertyError when a `spring.ai.mcp.server.*` value is not allowed
 * @see Spring AI `McpServerAutoConfiguration`
 */
export class McpServerAutoConfiguration extends ContainerModule {
  /** @param properties - the application's properties */
  constructor(properties: SproutProperties) {
    const config = bindMcpServerProperties(properties);
    super(({ bind, isBound }) => {
      if (!config.enabled || isBound(McpTokens.McpToolServer)) return;
      bind<McpToolServer>(McpTokens.McpToolServer)
        .toDynamicValue(
          (context) =>
            new McpToolServer({
              toolCallbacks: context
                .get<ToolCallbackProvider>(McpTokens.McpServerToolCallbackProvider)
                .getToolCallbacks(),
              serverInfo: { name: config.name, version: config.version },
              instructions: config.instructions,
              toolContextFactory: context.get<McpToolContextFactory>(McpTokens.McpToolContextFactory, {
                optional: true,
              }),
            }),
        )
        .inSingletonScope();
    });
  }
}
