import type { ToolCallbackProvider } from '@sprout-ai/core';
import { type McpToolContextFactory, McpToolServer } from '@sprout-ai/mcp';
import { ContainerModule } from 'inversify';
import { McpTokens } from '../mcp-tokens';
import { bindMcpServerProperties, isMcpServerConfigured } from '../properties/mcp-server-properties';
import type { SproutProperties } from '../properties/sprout-properties';

/**
 * Binds `McpTokens.McpToolServer` (singleton) to an `McpToolServer` exposing the `@McpTool`
 * methods of the bound classes (`McpTokens.McpServerToolCallbackProvider`, filled by the start-up
 * scan) and their resources, prompts and completions (`McpTokens.McpServerFeatures`), with `serverInfo` and `instructions` from `spring.ai.mcp.server.*` and a bound
 * `McpToolContextFactory` if any — unless `spring.ai.mcp.server.enabled=false` or the user bound one.
 * Nothing listens until `startMcpServer(app)` is called.
 *
 * @throws InvalidPropertyError when a `spring.ai.mcp.server.*` value is not allowed
 * @see Spring AI `McpServerAutoConfiguration`
 */
export class McpServerAutoConfiguration extends ContainerModule {
  /** @param properties - the application's properties */
  constructor(properties: SproutProperties) {
    // Validated now when configured; otherwise the defaults are read when the server is first made.
    const configured = isMcpServerConfigured(properties) ? bindMcpServerProperties(properties) : undefined;
    super(({ bind, isBound }) => {
      if (configured?.enabled === false || isBound(McpTokens.McpToolServer)) return;
      bind<McpToolServer>(McpTokens.McpToolServer)
        .toDynamicValue((context) => {
          const config = configured ?? bindMcpServerProperties(properties);
          return new McpToolServer({
            toolCallbacks: context
              .get<ToolCallbackProvider>(McpTokens.McpServerToolCallbackProvider)
              .getToolCallbacks(),
            serverInfo: { name: config.name, version: config.version },
            instructions: config.instructions,
            toolContextFactory: context.get<McpToolContextFactory>(McpTokens.McpToolContextFactory, {
              optional: true,
            }),
            features: context.get(McpTokens.McpServerFeatures, { optional: true }),
          });
        })
        .inSingletonScope();
    });
  }
}
