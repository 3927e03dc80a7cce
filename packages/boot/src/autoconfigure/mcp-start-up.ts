import { MissingToolSchemaError, type ToolCallbackProvider, type ToolSchemaRegistry } from '@sprout-ai/core';
import { assertUniqueToolNames, createLogger } from '@sprout-ai/core/internal';
import {
  InMemoryMcpEventStore,
  type McpHttpAuthenticator,
  type McpServerHandle,
  mcpServerFeatures,
  mcpToolCallbacks,
  type McpToolCallbackProvider,
  type McpToolServer,
} from '@sprout-ai/mcp';
import { mcpToolClassRegistry } from '@sprout-ai/mcp/internal';
import type { Container } from 'inversify';
import { McpTokens } from '../mcp-tokens';
import { bindMcpServerProperties } from '../properties/mcp-server-properties';
import type { SproutProperties } from '../properties/sprout-properties';
import { ScannedToolCallbackProvider } from '../scan/scanned-tool-callback-provider';
import { ToolScanError } from '../scan/tool-scan-error';

const logger = createLogger('@sprout-ai/boot/mcp');

/**
 * The MCP part of start-up, run by `SproutApplication.run` after the `@Tool` scan:
 * 1. scans the bound classes with `@McpTool` methods into `McpTokens.McpServerToolCallbackProvider`
 *    (unless the user bound that token);
 * 2. when an `McpToolCallbackProvider` is bound, connects to its servers and lists their tools, then
 *    checks that no MCP tool has the final name of a scanned local `@Tool` (so the clash is found at
 *    start-up, whether the tools are later used through a ChatClient or a ChatModel directly).
 *
 * @param container - the container with every module loaded
 * @param schemaRegistry - where the `@McpTool` methods' schemas are looked up
 * @param localTools - the scanned `@Tool` callbacks (read only when MCP client tools are configured)
 * @throws McpConnectionError when an MCP server cannot be reached (all MCP connections are closed)
 * @throws DuplicateToolNameError naming both sources when a local tool and an MCP tool share a name
 * @throws ToolScanError when the manifest lacks an `@McpTool` method
 */
export async function startMcp(
  container: Container,
  schemaRegistry: ToolSchemaRegistry,
  localTools: ToolCallbackProvider,
): Promise<void> {
  if (!container.isBound(McpTokens.McpServerToolCallbackProvider)) {
    const boundClasses = [...mcpToolClassRegistry].filter((toolClass) => container.isBound(toolClass));
    if (boundClasses.length === 0) {
      container.bind(McpTokens.McpServerToolCallbackProvider).toConstantValue(NO_MCP_SERVER_TOOLS);
    } else {
      await bindMcpServerTools(container, schemaRegistry, boundClasses);
    }
  }

  if (!container.isBound(McpTokens.McpToolCallbackProvider)) return;
  const provider = await container.getAsync<McpToolCallbackProvider>(McpTokens.McpToolCallbackProvider);
  try {
    const mcpTools = await provider.refresh();
    assertUniqueToolNames([...localTools.getToolCallbacks(), ...mcpTools]);
    logger.info({ tools: mcpTools.map((c) => c.toolDefinition.name) }, 'MCP tools listed');
  } catch (error) {
    await provider.close();
    throw error;
  }
}

/** What `McpTokens.McpServerToolCallbackProvider` gives when no `@McpTool` class is bound. */
const NO_MCP_SERVER_TOOLS: ToolCallbackProvider = Object.freeze({ getToolCallbacks: () => [] });

/** Scans the bound `@McpTool` classes into `McpTokens.McpServerToolCallbackProvider`. */
async function bindMcpServerTools(
  container: Container,
  schemaRegistry: ToolSchemaRegistry,
  boundClasses: readonly (abstract new (...args: never[]) => unknown)[],
): Promise<void> {
  const scanned = new ScannedToolCallbackProvider();
  const toolObjects: object[] = [];
  for (const toolClass of boundClasses) {
    for (const instance of await container.getAllAsync<unknown>(toolClass)) {
      if (typeof instance === 'object' && instance !== null && !toolObjects.includes(instance))
        toolObjects.push(instance);
    }
  }
  try {
    const callbacks = mcpToolCallbacks(toolObjects, schemaRegistry);
    scanned.complete(toolObjects, { getToolCallbacks: () => callbacks });
    if (!container.isBound(McpTokens.McpServerFeatures)) {
      container.bind(McpTokens.McpServerFeatures).toConstantValue(mcpServerFeatures(toolObjects, schemaRegistry));
    }
  } catch (error) {
    if (MissingToolSchemaError.isInstance(error)) {
      throw new ToolScanError({ className: error.className, cause: error, manifestsLoaded: schemaRegistry.sources });
    }
    throw error;
  }
  container.bind(McpTokens.McpServerToolCallbackProvider).toConstantValue(scanned);
}

/** Options of {@link startMcpServer}; each wins over its property. */
export interface StartMcpServerOptions {
  /** Serve over stdio. @defaultValue `spring.ai.mcp.server.stdio` */
  readonly stdio?: boolean;
  /** @defaultValue `server.port` (8080); 0 picks a free port */
  readonly port?: number;
  /** @defaultValue `server.address` (127.0.0.1) */
  readonly host?: string;
}

/**
 * Starts the application's MCP server (`McpTokens.McpToolServer`): over stdio when
 * `spring.ai.mcp.server.stdio=true` (or `options.stdio`), otherwise streamable HTTP at
 * `spring.ai.mcp.server.streamable-http.mcp-endpoint` on `server.address:server.port`, with the bound
 * `McpHttpAuthenticator` if any, and resumable streams (an `InMemoryMcpEventStore`) when
 * `sprout.mcp.server.streamable-http.resumable=true`.
 *
 * @param app - the started application (its container and properties)
 * @param options - overrides of the properties
 * @returns a handle to stop it (`url` is set for HTTP)
 * @throws InvalidPropertyError when a `spring.ai.mcp.server.*` value is not allowed
 * @remarks Spring starts the server with the application; here it is explicit, because a stdio
 * server takes over the process's stdout.
 */
export async function startMcpServer(
  app: { readonly container: Container; readonly properties: SproutProperties },
  options: StartMcpServerOptions = {},
): Promise<McpServerHandle & { readonly url?: string }> {
  const config = bindMcpServerProperties(app.properties);
  const server = app.container.get<McpToolServer>(McpTokens.McpToolServer);
  if (options.stdio ?? config.stdio) return server.connectStdio();
  return server.listen({
    host: options.host ?? config.address,
    port: options.port ?? config.port,
    path: config.mcpEndpoint,
    authenticate: app.container.get<McpHttpAuthenticator>(McpTokens.McpHttpAuthenticator, { optional: true }),
    stateless: config.stateless,
    ...(config.resumable
      ? {
          eventStore: new InMemoryMcpEventStore({
            maxEvents: config.eventStoreMaxEvents,
            timeToLiveMs: config.eventStoreTimeToLiveMs,
          }),
          retryIntervalMs: config.retryIntervalMs,
        }
      : {}),
  });
}
