import { applyLoggingLevels } from './properties/logging-levels';
import { type ChatClient, type ChatClientBuilder, ToolCallingAdvisor } from '@sprout-ai/chat-client';
import {
  type ToolCallback,
  type ToolSchemaManifest,
  type ToolSchemaRegistry,
  toolSchemaRegistry,
} from '@sprout-ai/core';
import { createLogger } from '@sprout-ai/core/internal';
import { Container, type ContainerModule, type ServiceIdentifier } from 'inversify';
import { ChatClientAutoConfiguration } from './autoconfigure/chat-client-auto-configuration';
import { ChatMemoryAutoConfiguration } from './autoconfigure/chat-memory-auto-configuration';
import { McpClientAutoConfiguration } from './autoconfigure/mcp-client-auto-configuration';
import { McpServerAutoConfiguration } from './autoconfigure/mcp-server-auto-configuration';
import { knownToolNames } from './autoconfigure/known-tool-names';
import { startMcp } from './autoconfigure/mcp-start-up';
import { AnthropicAutoConfiguration } from './autoconfigure/anthropic-auto-configuration';
import { assertUniqueBindings, moduleNamesOf, type ResolvedService } from './container/assert-unique-bindings';
import { McpTokens } from './mcp-tokens';
import { OpenAiAutoConfiguration } from './autoconfigure/open-ai-auto-configuration';
import { OpenAiEmbeddingAutoConfiguration } from './autoconfigure/open-ai-embedding-auto-configuration';
import { ToolCallingAutoConfiguration } from './autoconfigure/tool-calling-auto-configuration';
import { loadProperties } from './properties/load-properties';
import { loadToolSchemaManifest } from './schema/load-tool-schema-manifest';
import type { SproutProperties } from './properties/sprout-properties';
import { bindToolLimitNames } from './properties/tool-limit-names';
import { ScannedToolCallbackProvider } from './scan/scanned-tool-callback-provider';
import { scanToolClasses } from './scan/scan-tool-classes';
import { type ServiceToken, SproutTokens } from './sprout-tokens';

const logger = createLogger('@sprout-ai/boot');

/** The services the auto-configuration resolves one of: each must have a single binding. */
const RESOLVED_SERVICES: readonly ResolvedService[] = [
  ...Object.entries(SproutTokens).map(([name, id]) => ({ id, name: `SproutTokens.${name}` })),
  ...Object.entries(McpTokens).map(([name, id]) => ({ id, name: `McpTokens.${name}` })),
  { id: ToolCallingAdvisor, name: 'ToolCallingAdvisor' },
];

/** Options of {@link SproutApplication.run}. */
export interface SproutApplicationOptions {
  /** The application's modules: tool classes (`bind(OrderTools).toSelf()`), services, and any Sprout service it replaces. */
  readonly modules?: readonly ContainerModule[];
  /**
   * The `.properties` file: a path that must exist; `undefined` reads `./application.properties` if
   * present; `false` reads none. See {@link loadProperties}.
   */
  readonly propertiesFile?: string | false;
  /** Property values that win over every other source, e.g. `{ 'spring.ai.openai.api-key': 'sk-…' }`. */
  readonly properties?: Readonly<Record<string, string>>;
  /** Environment variables for relaxed binding, `OPENAI_API_KEY` and `ANTHROPIC_API_KEY`. @defaultValue `process.env` */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * The build-time tool schema manifest (`tool-schemas.json` written by `sprout-schema`), as a path or
   * an object; loaded into `schemaRegistry` before the `@Tool` classes are scanned.
   */
  readonly schemaManifest?: string | ToolSchemaManifest;
  /** Where tool schemas are looked up. @defaultValue core's shared `toolSchemaRegistry` (also used by `ChatClient.tools(obj)`) */
  readonly schemaRegistry?: ToolSchemaRegistry;
}

/**
 * A started Sprout application: an inversify container holding the user's modules plus
 * auto-configured tool calling, chat model and ChatClient, with the `@Tool` classes scanned.
 *
 * Start-up, in order:
 * 1. load and validate the properties ({@link loadProperties}); bind them as `SproutTokens.SproutProperties`;
 * 2. load the user's modules (so their bindings win);
 * 3. load the auto-configuration modules — {@link ToolCallingAutoConfiguration},
 *    {@link OpenAiAutoConfiguration} or {@link AnthropicAutoConfiguration} (the provider
 *    `spring.ai.model.chat` or the configured API key selects), {@link ChatClientAutoConfiguration}
 *    … — each binding only what is still unbound; then check that each service Sprout resolves has one binding;
 * 4. load the schema manifest and scan every bound `@Tool` class into tool callbacks
 *    (`SproutTokens.ToolCallbackProvider`);
 * 5. MCP: scan the bound `@McpTool` classes, connect to the `spring.ai.mcp.client.*` servers and
 *    list their tools (see `startMcp`);
 * 6. warn about each tool name in `spring.ai.tools.limits.max-calls-per-tool.<name>` or
 *    `excluded-tools` that names none of these tools, with the closest name when it looks like a typo.
 *
 * @example
 * ```ts
 * const app = await SproutApplication.run({
 *   modules: [new ContainerModule(({ bind }) => { bind(OrderTools).toSelf(); })],
 *   schemaManifest: path.join(__dirname, 'tool-schemas.json'),
 * });
 * const answer = await app.chatClient().prompt('Where is order A123?').call().content();
 * await app.close();
 * ```
 * @remarks The container's default scope is singleton, like Spring beans; bind with
 * `.inTransientScope()` where a fresh instance is wanted.
 * @see Spring Boot `SpringApplication.run`
 */
export class SproutApplication {
  private constructor(
    /** The inversify container; resolve anything bound in it. */
    readonly container: Container,
    /** The resolved, validated configuration. */
    readonly properties: SproutProperties,
    private readonly scanned: ScannedToolCallbackProvider,
  ) {}

  /**
   * The scanned `@Tool` callbacks, names unique (checked at start-up; the callback objects are built
   * at the first read of this or of `SproutTokens.ToolCallbackProvider`).
   */
  get toolCallbacks(): readonly ToolCallback[] {
    return this.scanned.getToolCallbacks();
  }

  /**
   * Builds and starts the container.
   *
   * @param options - modules, properties sources and the schema manifest
   * @returns the started application
   * @throws InvalidPropertyError when a property value is not allowed, the selected provider's API key is
   * missing while its model is needed, or keys of both providers are set without `spring.ai.model.chat`
   * @throws PropertiesFileError when `propertiesFile` names a file that cannot be read
   * @throws NoUniqueBindingError when a service Sprout resolves (a `SproutTokens` or `McpTokens` entry,
   *   `ToolCallingAdvisor`) has more than one binding (names each)
   * @throws DuplicateToolNameError when two bound tool classes declare the same tool name (names both sources)
   * @throws ToolScanError when the schema manifest lacks a method of a bound `@Tool` class
   * @throws ToolSchemaManifestError when the schema manifest file is missing, stale (see `loadToolSchemaManifest`) or invalid
   * @throws McpConnectionError when a configured MCP server cannot be reached
   * @throws DuplicateToolNameError when a local tool and an MCP tool share a name (names both sources)
   */
  static async run(options: SproutApplicationOptions = {}): Promise<SproutApplication> {
    const properties = loadProperties({
      file: options.propertiesFile,
      env: options.env,
      overrides: options.properties,
    });
    applyLoggingLevels(properties);
    const container = new Container({ defaultScope: 'Singleton' });
    container.bind(SproutTokens.SproutProperties).toConstantValue(properties);
    const scanned = new ScannedToolCallbackProvider();
    container.bind(SproutTokens.ToolCallbackProvider).toConstantValue(scanned);

    const userModules = options.modules ?? [];
    await container.load(...userModules);
    const autoConfiguration = [
      new ToolCallingAutoConfiguration(properties),
      new OpenAiAutoConfiguration(properties),
      new AnthropicAutoConfiguration(properties),
      new OpenAiEmbeddingAutoConfiguration(properties),
      new ChatClientAutoConfiguration(properties),
      new ChatMemoryAutoConfiguration(properties),
      new McpClientAutoConfiguration(properties),
      new McpServerAutoConfiguration(properties),
    ];
    await container.load(...autoConfiguration);
    assertUniqueBindings(container, RESOLVED_SERVICES, moduleNamesOf(userModules, autoConfiguration));

    const registry = options.schemaRegistry ?? toolSchemaRegistry;
    loadToolSchemaManifest(registry, options.schemaManifest, properties);
    const { toolObjects, toolCallbacks } = await scanToolClasses(container, registry);
    scanned.complete(toolObjects, toolCallbacks);
    await startMcp(container, registry, scanned);
    warnAboutUnmatchedToolLimitNames(properties, container);
    if (logger.isLevelEnabled('info')) {
      logger.info(
        { tools: scanned.getToolCallbacks().map((callback) => callback.toolDefinition.name) },
        'Sprout application started',
      );
    }
    return new SproutApplication(container, properties, scanned);
  }

  /**
   * Resolves a service: a {@link SproutTokens} entry (typed) or any inversify service identifier.
   *
   * @throws inversify's error when nothing is bound to it
   */
  get<T>(serviceIdentifier: ServiceToken<T> | ServiceIdentifier<T>): T {
    return this.container.get<T>(serviceIdentifier);
  }

  /**
   * A fresh ChatClient builder with the auto-configured model, loop advisor builder and the scanned
   * tools as default tools (`SproutTokens.ChatClientBuilder`).
   *
   * @throws inversify's error when `spring.ai.chat.client.enabled=false` and the user bound none
   */
  chatClientBuilder(): ChatClientBuilder {
    return this.container.get(SproutTokens.ChatClientBuilder);
  }

  /** Same as `chatClientBuilder().build()`. */
  chatClient(): ChatClient {
    return this.chatClientBuilder().build();
  }

  /** Unbinds everything, running the deactivation (`@preDestroy`, `onDeactivation`) hooks of resolved singletons. */
  async close(): Promise<void> {
    await this.container.unbindAll();
  }
}

/**
 * Same as {@link SproutApplication.run}: builds an inversify container from the user's modules plus
 * the auto-configuration, with the `@Tool` classes scanned.
 *
 * @param options - see {@link SproutApplicationOptions}
 * @returns the started application (`container`, `properties`, `get`, `chatClientBuilder`, `close`)
 */
export function createSproutContainer(options: SproutApplicationOptions = {}): Promise<SproutApplication> {
  return SproutApplication.run(options);
}

/** Logs a warning per `spring.ai.tools.limits.*` tool name that matches no tool known at start-up. */
function warnAboutUnmatchedToolLimitNames(properties: SproutProperties, container: Container): void {
  const { limits } = properties.toolCalling;
  if (Object.keys(limits.maxCallsPerTool).length === 0 && limits.excludedTools.length === 0) return;
  for (const { key, origin, name, suggestion, message } of bindToolLimitNames(
    limits,
    knownToolNames(container),
    properties,
  ).unmatched) {
    logger.warn({ key, origin, toolName: name, suggestion }, message);
  }
}
