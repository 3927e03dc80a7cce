import type {
  ClientCapabilities,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitResult,
  LoggingLevel,
  ProgressToken,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from '@sprout-ai/core';
import { McpToolError } from './mcp-tool-error';

/** The `ToolContext` key under which the MCP server puts each call's {@link McpRequestContext}. */
export const MCP_REQUEST_CONTEXT_KEY = 'mcpRequestContext';

/** MCP log levels, least severe first (RFC 5424 names). */
const LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** What the server hands a request context: the SDK's per-request functions and the session's state. */
export interface McpRequestContextOptions {
  /** The request's `_meta.progressToken`; progress is sent only when the client asked for it. */
  readonly progressToken?: ProgressToken;
  /** Sends a notification related to this request (on its response stream over HTTP). */
  readonly sendNotification: (notification: ServerNotification) => Promise<void>;
  /** Sends a request to the client related to this request and parses its result. */
  readonly sendRequest: <T>(request: ServerRequest, parse: (result: unknown) => T) => Promise<T>;
  /** The client's capabilities, `undefined` when unknown (a stateless server never sees `initialize`). */
  readonly clientCapabilities: () => ClientCapabilities | undefined;
  /** The session's minimum log level (`logging/setLevel`), `undefined` when the client set none. */
  readonly logLevel: () => LoggingLevel | undefined;
  /** False on a stateless server, which cannot receive the client's answer. @defaultValue true */
  readonly canSendRequests?: boolean;
  /**
   * Ends this request's SSE stream, which the client then resumes; absent when it could not
   * (stdio, stateless, no event store, or a client older than protocol 2025-11-25).
   */
  readonly closeSseStream?: () => void;
}

/**
 * The MCP side of one `tools/call`: progress and log notifications to the client, and requests to
 * it (elicitation, sampling). Reach it from the call's `ToolContext`:
 *
 * ```ts
 * @McpTool({ description: 'Imports a file' })
 * async importFile(path: string, toolContext: ToolContext): Promise<string> {
 *   const mcp = McpRequestContext.from(toolContext);
 *   await mcp.progress(0, 100, 'reading');
 *   await mcp.log('info', { path });
 *   ...
 * }
 * ```
 *
 * @see Spring AI `McpSyncRequestContext` (spring-ai-mcp-annotations)
 * @remarks Spring injects the context as a method parameter; here it travels in the `ToolContext`
 * (under {@link MCP_REQUEST_CONTEXT_KEY}), because `sprout-schema` knows `ToolContext` as the one
 * framework-filled parameter. All methods are async (they send messages).
 */
export class McpRequestContext {
  readonly #options: McpRequestContextOptions;

  /** @param options - the request's SDK functions and session state (made by the MCP server) */
  constructor(options: McpRequestContextOptions) {
    this.#options = options;
  }

  /**
   * The MCP request context of a tool call.
   *
   * @param toolContext - the `ToolContext` the MCP server passed to the tool
   * @throws McpToolError when the call did not come from Sprout's MCP server
   */
  static from(toolContext: ToolContext): McpRequestContext {
    const context = toolContext.get(MCP_REQUEST_CONTEXT_KEY);
    if (context instanceof McpRequestContext) return context;
    throw new McpToolError('This tool needs an MCP client: it was not called through the MCP server.');
  }

  /** True when the client asked for progress (sent a progress token). */
  get progressRequested(): boolean {
    return this.#options.progressToken !== undefined;
  }

  /**
   * Reports progress (`notifications/progress`); does nothing when the client sent no progress token.
   *
   * @param done - work done so far; must increase from call to call
   * @param total - total work, when known
   * @param message - what is happening, for people
   */
  async progress(done: number, total?: number, message?: string): Promise<void> {
    const progressToken = this.#options.progressToken;
    if (progressToken === undefined) return;
    await this.#options.sendNotification({
      method: 'notifications/progress',
      params: {
        progressToken,
        progress: done,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      },
    });
  }

  /**
   * Sends a log message (`notifications/message`) unless it is below the level the client set
   * with `logging/setLevel`.
   *
   * @param level - its severity
   * @param data - any JSON value, e.g. a message or an object
   * @param logger - the logger's name, e.g. `orders`
   */
  async log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    const minimum = this.#options.logLevel();
    if (minimum !== undefined && LEVELS.indexOf(level) < LEVELS.indexOf(minimum)) return;
    await this.#options.sendNotification({
      method: 'notifications/message',
      params: { level, data, ...(logger === undefined ? {} : { logger }) },
    });
  }

  /**
   * Ends the response's SSE stream now, while the tool goes on (SEP-1699 polling): the client
   * reconnects after the server's `retry` interval with `Last-Event-ID` and receives what was sent
   * meanwhile, the result included. A long-running tool frees its connection this way. Works only
   * on a streamable HTTP server with an event store (`listen({ eventStore })`) and a client of
   * protocol 2025-11-25 or newer; otherwise it does nothing and the stream stays open.
   *
   * @returns true when the stream was closed, false when it stays open
   */
  closeSseStream(): boolean {
    const close = this.#options.closeSseStream;
    close?.();
    return close !== undefined;
  }

  /**
   * Asks the user for input through the client (`elicitation/create`, form mode).
   *
   * @param message - what to ask
   * @param requestedSchema - a flat JSON Schema object of primitive properties (strings, numbers,
   *   booleans, enums), e.g. `{ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }`
   * @returns the user's action (`accept`, `decline`, `cancel`) and, on accept, the content
   * @throws McpToolError when the client did not declare the elicitation capability
   */
  async elicit(message: string, requestedSchema: ElicitRequestFormParams['requestedSchema']): Promise<ElicitResult> {
    this.requireCapability('elicitation');
    const { ElicitResultSchema } = sdkTypes();
    return this.#options.sendRequest({ method: 'elicitation/create', params: { message, requestedSchema } }, (result) =>
      ElicitResultSchema.parse(result),
    );
  }

  /**
   * Asks the client's model for a completion (`sampling/createMessage`).
   *
   * @param params - messages, `maxTokens` and optional preferences, e.g.
   *   `{ messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 100 }`
   * @returns the client model's message
   * @throws McpToolError when the client did not declare the sampling capability
   */
  async sample(params: CreateMessageRequestParams): Promise<CreateMessageResult> {
    this.requireCapability('sampling');
    const { CreateMessageResultSchema } = sdkTypes();
    return this.#options.sendRequest({ method: 'sampling/createMessage', params }, (result) =>
      CreateMessageResultSchema.parse(result),
    );
  }

  private requireCapability(capability: 'elicitation' | 'sampling'): void {
    if (this.#options.canSendRequests === false) {
      throw new McpToolError(`This MCP server is stateless: it cannot ask the client for ${capability}.`);
    }
    const capabilities = this.#options.clientCapabilities();
    if (capabilities !== undefined && capabilities[capability] === undefined) {
      throw new McpToolError(`The MCP client does not support ${capability}.`);
    }
  }
}

function sdkTypes(): typeof import('@modelcontextprotocol/sdk/types.js') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the SDK is loaded on first use (see mcp-tool-server)
  return require('@modelcontextprotocol/sdk/types.js') as typeof import('@modelcontextprotocol/sdk/types.js');
}
