import { randomUUID } from 'node:crypto';
import {
  MODEL_PROPERTY_KEYS,
  type SproutApplication,
  type SproutProperties,
  SproutTokens,
  TOOL_SEARCH_ADVISOR_PROPERTY_KEYS,
} from '@sprout-ai/boot';
import { ChatClient, MessageChatMemoryAdvisor, type ToolCallingAdvisorBuilder } from '@sprout-ai/chat-client';
import {
  AugmentedToolCallbackProvider,
  BeanOutputConverter,
  CHAT_MEMORY_CONVERSATION_ID,
  type ChatModel,
  DEFAULT_CONVERSATION_ID,
  type ToolSchemaRegistry,
  toolSchemaRegistry,
} from '@sprout-ai/core';
import { answerWithApproval, type AskLine, decideStoredTurn } from './approval-prompt';
import { CliUsageError, parseCliArgs, USAGE } from './cli-args';
import { OrderAnswer } from './order-answer';
import { type OrderDesk, startOrderDesk } from './order-desk';
import { type OrderTelemetry, startOrderTelemetry } from './order-telemetry';
import { USER_ID_CONTEXT_KEY } from './order-tools';
import { formatToolReasoning, ToolReasoning } from './tool-reasoning';
import { terminalPrompt } from './terminal-prompt';
import { formatToolCallTrace, type ToolCallTraceListener, TracingToolCallback } from './tracing-tool-callback';

/** Exit code of a successful run (also `--help`). */
export const EXIT_OK = 0;
/** Exit code when the question could not be answered (endpoint down, 401, bad configuration …). */
export const EXIT_FAILURE = 1;
/** Exit code of a bad command line. */
export const EXIT_USAGE = 2;

/** Where {@link runOrderSupportCli} reads from and writes to. */
export interface OrderSupportCliOptions {
  /** Environment variables (API key, base URL overrides). @defaultValue `process.env` */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Receives the answer. @defaultValue `process.stdout` */
  readonly stdout?: { write(text: string): unknown };
  /** Receives the demo notice, one trace line per tool call, and errors. @defaultValue `process.stderr` */
  readonly stderr?: { write(text: string): unknown };
  /** The app directory, holding `application.properties` and `dist/tool-schemas.json`. */
  readonly appDir: string;
  /** Where tool schemas are registered. @defaultValue core's shared registry */
  readonly schemaRegistry?: ToolSchemaRegistry;
  /** Asks at the terminal whether to approve a tool call. @defaultValue a prompt on stdin when it is a TTY, else none */
  readonly ask?: AskLine;
}

/**
 * The order-support command line: asks the assistant `question` as `--user`, prints the answer on
 * stdout and one `tool=… args=… code=… Nms` line per tool call on stderr (with `--log-reasoning`,
 * first a `reasoning tool=… innerThought="…"` line).
 *
 * The provider is `--provider`, else `spring.ai.model.chat`, else the one whose API key is configured
 * (see `selectChatModelProvider`), OpenAI when none is. With that provider's key (`OPENAI_API_KEY` /
 * `spring.ai.openai.api-key`, `ANTHROPIC_API_KEY` / `spring.ai.anthropic.api-key`) it talks to the
 * configured endpoint; without one it serves the built-in demo model on 127.0.0.1, on the provider's
 * own wire (so the real `OpenAiChatModel` or `AnthropicChatModel` is used), and says so on the first
 * stderr line. Every failure is reported as one line on stderr.
 *
 * @param argv - the arguments after `node main.js`, e.g. `['--user', 'u7', '订单 A123 发货了吗？']`
 * @param options - streams, environment and the app directory
 * @returns the exit code: {@link EXIT_OK}, {@link EXIT_FAILURE} or {@link EXIT_USAGE}
 */
export async function runOrderSupportCli(argv: readonly string[], options: OrderSupportCliOptions): Promise<number> {
  const env = options.env ?? process.env;
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const errorLine = (message: string): void => {
    stderr.write(`sprout: ${message.replace(/\s*\n\s*/g, ' ').trim()}\n`);
  };

  let args;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    errorLine(error.message);
    return EXIT_USAGE;
  }
  if (args.help) {
    stdout.write(`${USAGE}\n`);
    return EXIT_OK;
  }

  let desk: OrderDesk | undefined;
  let telemetry: OrderTelemetry | undefined;
  try {
    telemetry = startOrderTelemetry({ trace: args.trace === true, env });
    desk = await startOrderDesk({
      appDir: options.appDir,
      env,
      properties: {
        ...(args.provider === undefined ? {} : { [MODEL_PROPERTY_KEYS.chat]: args.provider }),
        ...(args.toolSearch === true ? { [TOOL_SEARCH_ADVISOR_PROPERTY_KEYS.enabled]: 'true' } : {}),
      },
      schemaRegistry: options.schemaRegistry,
      onNotice: errorLine,
    });
    const { app } = desk;
    const chatClient = createOrderSupportChatClient(app, (trace) => stderr.write(`${formatToolCallTrace(trace)}\n`), {
      ...(args.logReasoning === true
        ? { onReasoning: (tool, reasoning) => stderr.write(`${formatToolReasoning(tool, reasoning)}\n`) }
        : {}),
      schemaRegistry: options.schemaRegistry,
    });
    const memory = MessageChatMemoryAdvisor.builder(app.get(SproutTokens.ChatMemory)).build();
    const toolSearch = app.get<SproutProperties>(SproutTokens.SproutProperties).toolSearchAdvisor;
    // The tool-search session: the conversation, or this one question.
    const session = args.conversation ?? `one-off-${randomUUID()}`;
    const newSpec = () => {
      const spec = chatClient.prompt().toolContext(args.user === undefined ? {} : { [USER_ID_CONTEXT_KEY]: args.user });
      if (telemetry !== undefined) spec.loopListeners(telemetry.loopListener);
      if (toolSearch.enabled) spec.advisors((a) => a.param(toolSearch.sessionIdKeyName, session));
      if (args.conversation === undefined) return spec;
      return spec.advisors(memory).advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, args.conversation));
    };
    if (args.decision !== undefined) {
      const store = app.get(SproutTokens.ToolApprovalStore);
      const conversationId = args.conversation ?? DEFAULT_CONVERSATION_ID;
      stdout.write(`${await decideStoredTurn(store, conversationId, args.decision, newSpec)}\n`);
      return EXIT_OK;
    }
    const spec = newSpec().user(args.question);
    if (args.json === true) {
      const converter = new BeanOutputConverter(OrderAnswer, { registry: options.schemaRegistry });
      const answer = await spec.call().entity(converter, (entity) => entity.validateSchema());
      stdout.write(`${JSON.stringify(answer)}\n`);
    } else if (args.stream === true) {
      for await (const text of spec.stream().content()) stdout.write(text);
      stdout.write('\n');
    } else {
      const answer = await answerWithApproval(spec, newSpec, options.ask ?? terminalPrompt());
      stdout.write(`${answer}\n`);
    }
    if (args.trace === true && telemetry !== undefined) stderr.write(`${telemetry.tree()}\n`);
    return EXIT_OK;
  } catch (error) {
    errorLine(error instanceof Error ? error.message : String(error));
    return EXIT_FAILURE;
  } finally {
    await desk?.close();
    await telemetry?.shutdown();
  }
}

/** Options of {@link createOrderSupportChatClient}. */
export interface OrderSupportChatClientOptions {
  /**
   * When set, every tool's schema asks the model for a {@link ToolReasoning} (`innerThought`), which
   * this receives before the tool runs; the tool itself never sees it.
   */
  readonly onReasoning?: (toolName: string, reasoning: ToolReasoning) => void;
  /** Where the application loaded its tool schemas. @defaultValue core's shared registry */
  readonly schemaRegistry?: ToolSchemaRegistry;
}

/**
 * A ChatClient over the application's model and tool-calling advisor whose tools are the scanned
 * `@Tool` callbacks, each wrapped so that every call is reported to `listener` (and, with
 * `onReasoning`, augmented with a {@link ToolReasoning} the model fills in).
 *
 * @param app - the started application
 * @param listener - receives one trace per tool call (its arguments without the reasoning)
 * @param options - the reasoning listener and the schema registry
 * @returns the client
 */
export function createOrderSupportChatClient(
  app: SproutApplication,
  listener: ToolCallTraceListener,
  options: OrderSupportChatClientOptions = {},
): ChatClient {
  const traced = app.toolCallbacks.map((callback) => new TracingToolCallback(callback, listener));
  const { onReasoning } = options;
  const tools =
    onReasoning === undefined
      ? traced
      : AugmentedToolCallbackProvider.builder()
          .delegate({ getToolCallbacks: () => traced })
          .argumentType(ToolReasoning)
          .argumentConsumer((event) => onReasoning(event.toolDefinition.name, event.arguments))
          .schemaRegistry(options.schemaRegistry ?? toolSchemaRegistry)
          .build()
          .getToolCallbacks();
  return ChatClient.builder(app.get<ChatModel>(SproutTokens.ChatModel))
    .toolCallingAdvisorBuilder(app.get<ToolCallingAdvisorBuilder>(SproutTokens.ToolCallingAdvisorBuilder))
    .defaultTools(...tools)
    .build();
}
