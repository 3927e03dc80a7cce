import type { ChatModel } from '@sprout-ai/core';
import {
  chatModelSamplingHandler,
  McpClientConnection,
  type McpAuthorizationCodeHandler,
  type McpElicitationHandler,
  type McpIdentityAssertionProvider,
  type McpOAuthTokenStore,
  type McpProgressHandler,
  type McpSamplingHandler,
  McpToolCallbackProvider,
  type McpToolFilter,
  type McpToolMetadataResolver,
  type McpToolNamePrefixGenerator,
  type ToolContextToMcpMetaConverter,
} from '@sprout-ai/mcp';
import { ContainerModule } from 'inversify';
import { McpTokens } from '../mcp-tokens';
import { SproutTokens } from '../sprout-tokens';
import { bindMcpClientProperties } from '../properties/mcp-client-properties';
import type { SproutProperties } from '../properties/sprout-properties';

const MCP_CLIENT_PREFIX = 'spring.ai.mcp.client';

/**
 * Binds `McpTokens.McpToolCallbackProvider` (singleton) to an `McpToolCallbackProvider` over one
 * `McpClientConnection` per configured connection, when `spring.ai.mcp.client.enabled` and
 * `spring.ai.mcp.client.toolcallback.enabled` are true (the defaults), at least one connection is
 * configured and the user bound no provider. A bound `McpToolFilter` / `McpToolNamePrefixGenerator` / `ToolContextToMcpMetaConverter`
 * / `McpToolMetadataResolver` / `McpElicitationHandler` / `McpProgressHandler` is used, and the bound
 * `McpAuthorizationCodeHandler` / `McpOAuthTokenStore` / `McpIdentityAssertionProvider` serve the connections with OAuth settings. Servers'
 * sampling requests go to the bound `McpSamplingHandler`, by default the application's `ChatModel`
 * (none when `sprout.mcp.client.sampling.enabled=false`). The connections are closed when the application closes. `SproutApplication.run` lists
 * the tools at start-up (see `startMcpClients`).
 *
 * @throws InvalidPropertyError when a `spring.ai.mcp.client.*` value is not allowed
 * @see Spring AI `McpClientAutoConfiguration`, `McpToolCallbackAutoConfiguration`
 */
export class McpClientAutoConfiguration extends ContainerModule {
  /** @param properties - the application's properties */
  constructor(properties: SproutProperties) {
    // Without any spring.ai.mcp.client.* key there is no connection to bind (and nothing to validate).
    const config = properties.hasKeysUnder(MCP_CLIENT_PREFIX) ? bindMcpClientProperties(properties) : undefined;
    super(({ bind, isBound }) => {
      if (config === undefined || !config.enabled || !config.toolCallbackEnabled || config.connections.length === 0) {
        return;
      }
      if (isBound(McpTokens.McpToolCallbackProvider)) return;
      bind<McpToolCallbackProvider>(McpTokens.McpToolCallbackProvider)
        .toDynamicValue((context) => {
          const elicitation = context.get<McpElicitationHandler>(McpTokens.McpElicitationHandler, { optional: true });
          const onProgress = context.get<McpProgressHandler>(McpTokens.McpProgressHandler, { optional: true });
          const sampling = !config.samplingEnabled
            ? undefined
            : (context.get<McpSamplingHandler>(McpTokens.McpSamplingHandler, { optional: true }) ??
              chatModelSamplingHandler(context.get<ChatModel>(SproutTokens.ChatModel)));
          const authorizationCodeHandler = context.get<McpAuthorizationCodeHandler>(
            McpTokens.McpAuthorizationCodeHandler,
            { optional: true },
          );
          const tokenStore = context.get<McpOAuthTokenStore>(McpTokens.McpOAuthTokenStore, { optional: true });
          const identityAssertionProvider = context.get<McpIdentityAssertionProvider>(
            McpTokens.McpIdentityAssertionProvider,
            { optional: true },
          );
          const connections = config.connections.map(
            ({ name, transport }) =>
              new McpClientConnection({
                name,
                transport:
                  transport.type === 'streamable-http' && transport.oauth !== undefined
                    ? {
                        ...transport,
                        oauth: { ...transport.oauth, authorizationCodeHandler, tokenStore, identityAssertionProvider },
                      }
                    : transport,
                requestTimeoutMs: config.requestTimeoutMs,
                connectTimeoutMs: config.initializationTimeoutMs,
                clientInfo: { name: config.clientName, version: config.clientVersion },
                elicitation,
                sampling,
                onProgress,
              }),
          );
          return new McpToolCallbackProvider({
            connections,
            toolFilter: context.get<McpToolFilter>(McpTokens.McpToolFilter, { optional: true }),
            metaConverter: context.get<ToolContextToMcpMetaConverter>(McpTokens.ToolContextToMcpMetaConverter, {
              optional: true,
            }),
            toolMetadata: context.get<McpToolMetadataResolver>(McpTokens.McpToolMetadataResolver, { optional: true }),
            toolNamePrefixGenerator: context.get<McpToolNamePrefixGenerator>(McpTokens.McpToolNamePrefixGenerator, {
              optional: true,
            }),
          });
        })
        .inSingletonScope()
        .onDeactivation((provider) => provider.close());
    });
  }
}
