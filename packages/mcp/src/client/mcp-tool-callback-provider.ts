import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import {
  ConfigurationError,
  DEFAULT_TOOL_METADATA,
  type ToolCallback,
  type ToolCallbackProvider,
} from '@sprout-ai/core';
import { assertUniqueToolNames, createLogger } from '@sprout-ai/core/internal';
import type { McpClientConnection } from './mcp-client-connection';
import { McpToolCallback } from './mcp-tool-callback';
import type { McpConnectionInfo, McpToolFilter } from './mcp-tool-filter';
import type { McpToolMetadataResolver } from './mcp-tool-metadata-resolver';
import { type McpToolNamePrefixGenerator, McpToolNamePrefixGenerators } from './mcp-tool-name-prefix-generator';
import { McpToolsNotListedError } from './mcp-tools-not-listed-error';
import { McpMetaConverters, type ToolContextToMcpMetaConverter } from './tool-context-to-mcp-meta-converter';

const logger = createLogger('@sprout-ai/mcp/client');

/** Options of {@link McpToolCallbackProvider}. */
export interface McpToolCallbackProviderOptions {
  /** The servers, in order; their names must be unique. */
  readonly connections: readonly McpClientConnection[];
  /** Which tools to offer. @defaultValue every tool */
  readonly toolFilter?: McpToolFilter;
  /** Which tool-context entries travel as `_meta`. @defaultValue {@link McpMetaConverters.none} */
  readonly metaConverter?: ToolContextToMcpMetaConverter;
  /** Each tool's timeout, concurrency, result cap and returnDirect. @defaultValue the defaults for every tool */
  readonly toolMetadata?: McpToolMetadataResolver;
  /** Names the tools. @defaultValue {@link McpToolNamePrefixGenerators.defaults} */
  readonly toolNamePrefixGenerator?: McpToolNamePrefixGenerator;
}

/**
 * The tools of one or more MCP servers as tool callbacks. Pass it to `ChatClient`'s `.tools()` /
 * `.defaultTools()` (it is never added to clients automatically).
 *
 * `refresh()` (also run by {@link McpToolCallbackProvider.create}) lists the tools of every
 * connection, drops the tools that need MCP task augmentation (`execution.taskSupport: "required"`,
 * which a plain `tools/call` cannot run) and those the filter rejects, names them with
 * {@link assignMcpToolNames} and builds one {@link McpToolCallback} each, with the execution rules
 * `toolMetadata` gives it (timeout, concurrency, result cap); `getToolCallbacks()`
 * returns that list until the next refresh. A server's `notifications/tools/list_changed` starts a
 * refresh in the background.
 *
 * @example
 * ```ts
 * const everything = new McpClientConnection({ name: 'everything', transport: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } });
 * const mcpTools = await McpToolCallbackProvider.create({ connections: [everything] });
 * const answer = await chatClient.prompt('What is 2 + 3?').tools(mcpTools).call().content();
 * await mcpTools.close();
 * ```
 * @see Spring AI `SyncMcpToolCallbackProvider` / `AsyncMcpToolCallbackProvider`
 * @remarks Listing is async, while `getToolCallbacks()` is sync (ChatClient asks per request), so
 * the list is loaded by `refresh()`/`create()` first.
 */
export class McpToolCallbackProvider implements ToolCallbackProvider {
  private readonly connectionList: McpClientConnection[];
  private readonly toolNames: McpToolNamePrefixGenerator;
  private readonly toolFilter: McpToolFilter;
  private readonly metaConverter: ToolContextToMcpMetaConverter;
  private readonly toolMetadata: McpToolMetadataResolver | undefined;
  private callbacks: readonly McpToolCallback[] | undefined;
  private refreshing: Promise<readonly McpToolCallback[]> | undefined;

  /**
   * @param options - connections, filter, meta converter and execution rules
   * @throws ConfigurationError when two connections share a name
   */
  constructor(options: McpToolCallbackProviderOptions) {
    const names = options.connections.map((c) => c.name);
    const duplicate = names.find((name, i) => names.indexOf(name) !== i);
    if (duplicate !== undefined) throw duplicateConnection(duplicate);
    this.connectionList = [...options.connections];
    this.toolFilter = options.toolFilter ?? (() => true);
    this.metaConverter = options.metaConverter ?? McpMetaConverters.none();
    this.toolMetadata = options.toolMetadata;
    this.toolNames = options.toolNamePrefixGenerator ?? McpToolNamePrefixGenerators.defaults();
    for (const connection of this.connectionList) this.watch(connection);
  }

  /** The servers, in order (those added with {@link McpToolCallbackProvider.addMcpClient} last). */
  get connections(): readonly McpClientConnection[] {
    return this.connectionList;
  }

  /**
   * Adds a server to the running provider and lists the tools again, so its tools are offered from
   * the next request on.
   *
   * @param connection - the new connection; its name must differ from the others'
   * @returns the new callbacks
   * @throws ConfigurationError when a connection of that name is already there
   * @throws McpConnectionError when the server cannot be reached (it is not added then)
   * @throws DuplicateToolNameError when its tools' names clash with the others' (it is not added then)
   * @see Spring AI `McpToolCallbackProvider.addMcpClient`
   */
  async addMcpClient(connection: McpClientConnection): Promise<readonly ToolCallback[]> {
    if (this.connectionList.some((c) => c.name === connection.name)) {
      throw duplicateConnection(connection.name);
    }
    await this.refreshing?.catch(() => undefined); // a refresh under way would not list it
    this.connectionList.push(connection);
    try {
      const callbacks = await this.refresh();
      this.watch(connection);
      return callbacks;
    } catch (error) {
      this.connectionList.splice(this.connectionList.indexOf(connection), 1);
      throw error;
    }
  }

  private watch(connection: McpClientConnection): void {
    connection.onToolListChanged = () => {
      this.refresh().catch((error: unknown) => {
        logger.warn({ err: error, connection: connection.name }, 'Refreshing MCP tools after list_changed failed');
      });
    };
  }

  /**
   * Builds a provider and lists its tools.
   *
   * @param options - connections, filter, meta converter and execution rules
   * @returns the provider, tools loaded
   * @throws McpConnectionError when a server cannot be reached (every connection is closed then)
   * @throws ConfigurationError when `toolMetadata` gives a tool a rule that is not
   *   allowed (every connection is closed then)
   */
  static async create(options: McpToolCallbackProviderOptions): Promise<McpToolCallbackProvider> {
    const provider = new McpToolCallbackProvider(options);
    try {
      await provider.refresh();
    } catch (error) {
      await provider.close();
      throw error;
    }
    return provider;
  }

  /** `McpToolCallbackProvider.builder().connections(a, b).toolFilter(f).build()`. */
  static builder(): McpToolCallbackProviderBuilder {
    return new McpToolCallbackProviderBuilder();
  }

  /**
   * Lists the tools of every connection again and rebuilds the callbacks.
   *
   * @returns the new callbacks
   * @throws McpConnectionError when a server cannot be reached (the previous list is kept)
   * @throws ConfigurationError when `toolMetadata` gives a tool a rule that is not
   *   allowed (the previous list is kept)
   */
  async refresh(): Promise<readonly ToolCallback[]> {
    this.refreshing ??= this.load().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /**
   * @returns the callbacks of the last refresh
   * @throws McpToolsNotListedError when the tools were never listed (call `await refresh()` or use `create()`)
   */
  getToolCallbacks(): readonly ToolCallback[] {
    if (this.callbacks === undefined) {
      throw new McpToolsNotListedError(
        'The MCP tools have not been listed yet: create the provider with `await McpToolCallbackProvider.create(...)` ' +
          'or call `await provider.refresh()` before using it.',
      );
    }
    return this.callbacks;
  }

  /** Closes every connection (stopping stdio servers). */
  async close(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.close()));
  }

  private async load(): Promise<readonly McpToolCallback[]> {
    const listed = await Promise.all(
      this.connections.map(async (connection) => ({ connection, tools: await connection.listTools() })),
    );
    const accepted: { connection: McpClientConnection; info: McpConnectionInfo; tool: McpTool }[] = [];
    for (const { connection, tools } of listed) {
      const info = { connectionName: connection.name, serverInfo: connection.serverInfo };
      for (const tool of tools) {
        if (tool.execution?.taskSupport === 'required') {
          logger.warn(
            { connection: connection.name, tool: tool.name },
            `MCP tool '${tool.name}' of '${connection.name}' requires task augmentation, which Sprout does not support; skipped`,
          );
          continue;
        }
        if (this.toolFilter(info, tool)) accepted.push({ connection, info, tool });
      }
    }
    const names = this.toolNames(accepted.map(({ info, tool }) => ({ connection: info, tool })));
    const callbacks = accepted.map(({ connection, info, tool }, i) => {
      const rules = this.toolMetadata?.(info, tool);
      return new McpToolCallback({
        connection,
        tool,
        name: names[i],
        metaConverter: this.metaConverter,
        toolMetadata: rules === undefined ? undefined : { ...DEFAULT_TOOL_METADATA, ...rules },
      });
    });
    assertUniqueToolNames(callbacks);
    this.callbacks = Object.freeze(callbacks);
    return this.callbacks;
  }
}

function duplicateConnection(name: string): ConfigurationError {
  return new ConfigurationError({
    setting: 'McpToolCallbackProvider connections',
    value: name,
    allowed: 'connections with distinct names',
    message: `Two MCP connections are named '${name}'; give each connection its own name.`,
  });
}

/**
 * Builds a {@link McpToolCallbackProvider}.
 *
 * @see Spring AI `SyncMcpToolCallbackProvider.Builder`
 */
export class McpToolCallbackProviderBuilder {
  private list: McpClientConnection[] = [];
  private filter: McpToolFilter | undefined;
  private converter: ToolContextToMcpMetaConverter | undefined;
  private metadata: McpToolMetadataResolver | undefined;
  private prefixGenerator: McpToolNamePrefixGenerator | undefined;

  /** Adds connections. */
  connections(...connections: McpClientConnection[]): this {
    this.list.push(...connections);
    return this;
  }

  /** @defaultValue every tool */
  toolFilter(toolFilter: McpToolFilter): this {
    this.filter = toolFilter;
    return this;
  }

  /** @defaultValue {@link McpMetaConverters.none} */
  toolContextToMcpMetaConverter(converter: ToolContextToMcpMetaConverter): this {
    this.converter = converter;
    return this;
  }

  /** Each tool's timeout, concurrency, result cap and returnDirect. @defaultValue the defaults for every tool */
  toolMetadata(resolver: McpToolMetadataResolver): this {
    this.metadata = resolver;
    return this;
  }

  /** @defaultValue {@link McpToolNamePrefixGenerators.defaults} */
  toolNamePrefixGenerator(generator: McpToolNamePrefixGenerator): this {
    this.prefixGenerator = generator;
    return this;
  }

  /** A provider whose tools are not listed yet (call `await provider.refresh()`). */
  build(): McpToolCallbackProvider {
    return new McpToolCallbackProvider({
      connections: this.list,
      toolFilter: this.filter,
      metaConverter: this.converter,
      toolMetadata: this.metadata,
      toolNamePrefixGenerator: this.prefixGenerator,
    });
  }
}

/** Spring's name for the provider; Sprout has one, async-native provider. */
export const SyncMcpToolCallbackProvider = McpToolCallbackProvider;
