import type {
  McpAuthorizationCodeHandler,
  McpElicitationHandler,
  McpIdentityAssertionProvider,
  McpOAuthTokenStore,
  McpHttpAuthenticator,
  McpProgressHandler,
  McpSamplingHandler,
  McpToolCallbackProvider,
  McpToolContextFactory,
  McpToolFilter,
  McpToolMetadataResolver,
  McpServerFeatures,
  McpToolNamePrefixGenerator,
  McpToolServer,
  ToolContextToMcpMetaConverter,
} from '@sprout-ai/mcp';
import type { ToolCallbackProvider } from '@sprout-ai/core';
import type { ServiceToken } from './sprout-tokens';

function token<T>(name: string): ServiceToken<T> {
  return Symbol.for(`@sprout-ai/boot/mcp/${name}`);
}

/**
 * Service identifiers of the MCP wiring. Bind one in your own `ContainerModule` and the
 * auto-configuration uses yours (the optional ones are only read when bound).
 */
export const McpTokens = {
  /**
   * The tools of the `spring.ai.mcp.client.*` connections, listed at start-up. Never added to
   * ChatClients automatically: pass it to `.tools()` / `.defaultTools()`.
   */
  McpToolCallbackProvider: token<McpToolCallbackProvider>('McpToolCallbackProvider'),
  /** Optional: which MCP tools are offered. */
  McpToolFilter: token<McpToolFilter>('McpToolFilter'),
  /** Optional: names the MCP tools (default `McpToolNamePrefixGenerators.defaults()`; or `noPrefix()`, `perTool(…)`). */
  McpToolNamePrefixGenerator: token<McpToolNamePrefixGenerator>('McpToolNamePrefixGenerator'),
  /** Optional: each MCP tool's timeout, concurrency, result cap and returnDirect (default: the defaults). */
  McpToolMetadataResolver: token<McpToolMetadataResolver>('McpToolMetadataResolver'),
  /** Optional: which tool-context entries travel as `_meta` (default: none). */
  ToolContextToMcpMetaConverter: token<ToolContextToMcpMetaConverter>('ToolContextToMcpMetaConverter'),
  /** Optional: answers servers' `elicitation/create` (ask the user); without it no elicitation capability is declared. */
  McpElicitationHandler: token<McpElicitationHandler>('McpElicitationHandler'),
  /**
   * Answers servers' `sampling/createMessage`. Default: the application's `ChatModel`
   * (`chatModelSamplingHandler`), unless `sprout.mcp.client.sampling.enabled=false`.
   */
  McpSamplingHandler: token<McpSamplingHandler>('McpSamplingHandler'),
  /**
   * Optional: obtains OAuth authorization codes (opens the user's browser) for the connections with
   * `sprout.mcp.client.streamable-http.connections.<name>.oauth.*` and the authorization_code grant.
   */
  McpAuthorizationCodeHandler: token<McpAuthorizationCodeHandler>('McpAuthorizationCodeHandler'),
  /**
   * Optional: supplies the user's ID token for the connections with the
   * `urn:ietf:params:oauth:grant-type:jwt-bearer` grant (cross-app access): exchanged at
   * `oauth.identity-provider.token-uri` for an ID-JAG.
   */
  McpIdentityAssertionProvider: token<McpIdentityAssertionProvider>('McpIdentityAssertionProvider'),
  /** Optional: where the OAuth tokens of MCP connections are kept (default: in memory); may be pre-filled. */
  McpOAuthTokenStore: token<McpOAuthTokenStore>('McpOAuthTokenStore'),
  /** Optional: receives the progress notifications of MCP tool calls. */
  McpProgressHandler: token<McpProgressHandler>('McpProgressHandler'),
  /** The `@McpTool` methods of every bound class, collected at start-up (always bound by Sprout). */
  McpServerToolCallbackProvider: token<ToolCallbackProvider>('McpServerToolCallbackProvider'),
  /** The `@McpResource`, `@McpPrompt` and `@McpComplete` methods of every bound class, collected at start-up. */
  McpServerFeatures: token<McpServerFeatures>('McpServerFeatures'),
  /** The MCP server exposing them (start it with `startMcpServer(app)`). */
  McpToolServer: token<McpToolServer>('McpToolServer'),
  /** Optional: builds each call's `ToolContext` (e.g. the caller's user id). */
  McpToolContextFactory: token<McpToolContextFactory>('McpToolContextFactory'),
  /** Optional: who is calling over HTTP (e.g. from the bearer token). */
  McpHttpAuthenticator: token<McpHttpAuthenticator>('McpHttpAuthenticator'),
} as const;
