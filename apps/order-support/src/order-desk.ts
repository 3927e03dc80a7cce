import { isAbsolute, join } from 'node:path';
import {
  ANTHROPIC_PROPERTY_KEYS,
  CHAT_MEMORY_PROPERTY_KEYS,
  type ChatModelProvider,
  loadProperties,
  MODEL_PROPERTY_KEYS,
  OPENAI_PROPERTY_KEYS,
  selectChatModelProvider,
  SproutApplication,
  type SproutProperties,
  TOOL_APPROVAL_PROPERTY_KEYS,
} from '@sprout-ai/boot';
import type { ToolSchemaRegistry } from '@sprout-ai/core';
import { AnthropicWireServer, OpenAiWireServer } from '@sprout-ai/test';
import { anthropicDemoModel } from './anthropic-demo-model';
import { demoApprovalSecret } from './approval-secret';
import { demoModel } from './demo-model';
import { orderSupportModule } from './order-support-module';

/** Where conversations are stored unless `spring.ai.chat.memory.repository.*` says otherwise (relative to the app dir). */
export const DEFAULT_CHAT_MEMORY_PATH = join('data', 'chat-memory.db');

/** API key the built-in demo model is called with (the demo server ignores it). */
export const DEMO_API_KEY = 'sprout-demo';

/** What {@link startOrderDesk} starts from. */
export interface OrderDeskOptions {
  /** The app directory, holding `application.properties` and `dist/tool-schemas.json`. */
  readonly appDir: string;
  /** Environment variables (API keys, relaxed-binding overrides). @defaultValue `process.env` */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Properties that win over the file and the environment (e.g. `spring.ai.model.chat` from `--provider`). */
  readonly properties?: Readonly<Record<string, string>>;
  /** Where tool schemas are registered. @defaultValue core's shared registry */
  readonly schemaRegistry?: ToolSchemaRegistry;
  /** Told once, before start-up, when the built-in demo model answers (no API key for the provider). */
  readonly onNotice?: (message: string) => void;
}

/** A started order desk: the application and, without an API key, the demo model serving it. */
export interface OrderDesk {
  /** The started application (its container holds the chat model, memory, tools and advisors). */
  readonly app: SproutApplication;
  /** The provider the desk talks to. */
  readonly provider: ChatModelProvider;
  /** Base URL of the built-in demo model, when it answers instead of a real provider. */
  readonly demoBaseUrl?: string;
  /** Closes the application, then the demo model. */
  close(): Promise<void>;
}

/**
 * Starts the order desk the CLI and the web service share: loads `application.properties` (file,
 * environment, then `options.properties`), keeps conversations in SQLite under the app directory unless
 * the properties choose another chat memory repository, picks the chat model provider
 * (`spring.ai.model.chat`, else the one whose API key is configured, OpenAI when none is), and, when
 * that provider has no API key, serves the built-in demo model on 127.0.0.1 on the provider's own wire
 * so the real provider client is used.
 *
 * @param options - app directory, environment, overriding properties and the notice listener
 * @returns the started desk; close it when done
 * @throws ConfigurationError (and the other start-up errors of `SproutApplication.run`) for a bad configuration
 */
export async function startOrderDesk(options: OrderDeskOptions): Promise<OrderDesk> {
  const propertiesFile = join(options.appDir, 'application.properties');
  const env = options.env ?? process.env;
  const overrides: Record<string, string> = { ...options.properties };
  const loaded = loadProperties({ file: propertiesFile, env, overrides });
  if (!loaded.has(TOOL_APPROVAL_PROPERTY_KEYS.secret)) {
    overrides[TOOL_APPROVAL_PROPERTY_KEYS.secret] = demoApprovalSecret(options.appDir);
  }
  if (!loaded.has(CHAT_MEMORY_PROPERTY_KEYS.repositoryType) || loaded.chatMemory.repositoryType === 'sqlite') {
    overrides[CHAT_MEMORY_PROPERTY_KEYS.repositoryType] = 'sqlite';
    overrides[CHAT_MEMORY_PROPERTY_KEYS.sqlitePath] = chatMemoryPath(loaded.chatMemory.sqlitePath, options.appDir);
  }
  const provider = selectChatModelProvider(loaded);
  // The choice is pinned: the demo's key must not make a second provider look configured.
  overrides[MODEL_PROPERTY_KEYS.chat] = provider;
  let demo: DemoModelServer | undefined;
  if (!hasApiKey(loaded, provider)) {
    demo = await startDemoModel(provider, overrides);
    options.onNotice?.(`no ${demo.keyVariables} set — answering with the built-in demo model on ${demo.baseUrl}`);
  }
  try {
    const app = await SproutApplication.run({
      modules: [orderSupportModule(options.appDir)],
      propertiesFile,
      env,
      properties: overrides,
      schemaManifest: join(options.appDir, 'dist', 'tool-schemas.json'),
      schemaRegistry: options.schemaRegistry,
    });
    return {
      app,
      provider,
      ...(demo === undefined ? {} : { demoBaseUrl: demo.baseUrl }),
      async close() {
        try {
          await app.close();
        } finally {
          await demo?.close();
        }
      },
    };
  } catch (error) {
    await demo?.close();
    throw error;
  }
}

interface DemoModelServer {
  readonly baseUrl: string;
  readonly keyVariables: string;
  close(): Promise<void>;
}

function hasApiKey(properties: SproutProperties, provider: ChatModelProvider): boolean {
  return (provider === 'anthropic' ? properties.anthropic.apiKey : properties.openAi.chat.apiKey) !== undefined;
}

/** Serves the demo model on the provider's wire (the test kit's server) and points the provider's properties at it. */
async function startDemoModel(
  provider: ChatModelProvider,
  overrides: Record<string, string>,
): Promise<DemoModelServer> {
  if (provider === 'anthropic') {
    const server = await AnthropicWireServer.start({ handler: anthropicDemoModel });
    overrides[ANTHROPIC_PROPERTY_KEYS.baseUrl] = server.baseUrl;
    overrides[ANTHROPIC_PROPERTY_KEYS.apiKey] = DEMO_API_KEY;
    return {
      baseUrl: server.baseUrl,
      keyVariables: 'SPRING_AI_ANTHROPIC_API_KEY/ANTHROPIC_API_KEY',
      close: () => server.close(),
    };
  }
  const server = await OpenAiWireServer.start({ handler: demoModel });
  overrides[OPENAI_PROPERTY_KEYS.baseUrl] = server.baseUrl;
  overrides[OPENAI_PROPERTY_KEYS.chatBaseUrl] = server.baseUrl;
  overrides[OPENAI_PROPERTY_KEYS.apiKey] = DEMO_API_KEY;
  return {
    baseUrl: server.baseUrl,
    keyVariables: 'SPRING_AI_OPENAI_API_KEY/OPENAI_API_KEY',
    close: () => server.close(),
  };
}

/**
 * Where conversations are stored: SQLite (the in-memory store would forget them when the process
 * exits), at `spring.ai.chat.memory.repository.sqlite.path` taken relative to the app directory like
 * the other paths of `application.properties`, by default {@link DEFAULT_CHAT_MEMORY_PATH}.
 */
function chatMemoryPath(configured: string | undefined, appDir: string): string {
  const path = configured ?? DEFAULT_CHAT_MEMORY_PATH;
  return isAbsolute(path) ? path : join(appDir, path);
}
