import type { Stream } from 'node:stream';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  CallToolResult,
  ClientCapabilities,
  Implementation,
  Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import { McpAuthorizationError } from './mcp-authorization-error';
import { McpConnectionError } from './mcp-connection-error';
import { McpOAuthClientProvider } from './mcp-oauth-client-provider';
import type { McpOAuthOptions } from './mcp-oauth-options';
import type { McpElicitationHandler } from './mcp-elicitation-handler';
import type { McpProgressHandler } from './mcp-progress-handler';
import type { McpSamplingHandler } from './mcp-sampling-handler';
import { createLogger, linkedSignal, untilAborted } from '@sprout-ai/core/internal';

const logger = createLogger('@sprout-ai/mcp/client');

let mcpClientSdkModules: ReturnType<typeof loadMcpClientSdk> | undefined;

/** The MCP SDK client, its transports and zod: loaded when the first session opens, not at start-up (~300 modules). */
function mcpClientSdk(): ReturnType<typeof loadMcpClientSdk> {
  return (mcpClientSdkModules ??= loadMcpClientSdk());
}

function loadMcpClientSdk() {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, not at start-up (see mcpClientSdk) */
  const { Client } =
    require('@modelcontextprotocol/sdk/client/index.js') as typeof import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } =
    require('@modelcontextprotocol/sdk/client/stdio.js') as typeof import('@modelcontextprotocol/sdk/client/stdio.js');
  const { StreamableHTTPClientTransport, StreamableHTTPError } =
    require('@modelcontextprotocol/sdk/client/streamableHttp.js') as typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const { UnauthorizedError } =
    require('@modelcontextprotocol/sdk/client/auth.js') as typeof import('@modelcontextprotocol/sdk/client/auth.js');
  const { OAuthError } =
    require('@modelcontextprotocol/sdk/server/auth/errors.js') as typeof import('@modelcontextprotocol/sdk/server/auth/errors.js');
  const {
    CreateMessageRequestSchema,
    ElicitRequestSchema,
    ErrorCode,
    LoggingMessageNotificationSchema,
    McpError,
    ToolListChangedNotificationSchema,
  } = require('@modelcontextprotocol/sdk/types.js') as typeof import('@modelcontextprotocol/sdk/types.js');
  const { z } = require('zod') as typeof import('zod');
  /* eslint-enable @typescript-eslint/no-require-imports */
  return {
    Client,
    StdioClientTransport,
    StreamableHTTPClientTransport,
    ToolListChangedNotificationSchema,
    ElicitRequestSchema,
    CreateMessageRequestSchema,
    LoggingMessageNotificationSchema,
    /** Whether `error` is an OAuth error response of an authorization server. */
    isOAuthError: (error: unknown): boolean => error instanceof OAuthError,
    /** Whether the transport's request needs an authorization the client has not got. */
    isUnauthorized: (error: unknown): boolean => error instanceof UnauthorizedError,
    /**
     * Why `error` is an authorization failure (a 401/403 the client could not resolve, an OAuth
     * error of the authorization server), or `undefined` when it is not one.
     */
    authorizationFailure: (error: unknown): string | undefined => {
      if (error instanceof UnauthorizedError) return error.message;
      if (error instanceof OAuthError) return `${error.errorCode}: ${error.message}`;
      if (error instanceof StreamableHTTPError && (error.code === 401 || error.code === 403)) {
        return `HTTP ${error.code} (${error.message})`;
      }
      return undefined;
    },
    /** Whether `error` is the SDK's "request timed out" (the `initialize` request, when connecting). */
    isTimeout: (error: unknown): boolean =>
      error instanceof McpError && error.code === (ErrorCode.RequestTimeout as number),
    /**
     * `tools/list` results as servers really send them: only each tool's `name` is checked, so one
     * tool with an odd `inputSchema` (no `type`, say) does not hide the others; the schemas are
     * normalised later.
     */
    LenientListToolsResultSchema: z.looseObject({
      tools: z.array(z.looseObject({ name: z.string() })),
      nextCursor: z.string().optional(),
    }),
  };
}

/** Default of `spring.ai.mcp.client.request-timeout`: 20 s, as in Spring AI. */
export const DEFAULT_MCP_REQUEST_TIMEOUT_MS = 20_000;

/**
 * Time allowed for starting a server and the `initialize` handshake: 60 s, longer than a request's,
 * because the first start of `npx -y <server>` downloads the package (often over 20 s).
 */
export const DEFAULT_MCP_CONNECT_TIMEOUT_MS = 60_000;

/** How the client identifies itself in `initialize`. */
export const SPROUT_MCP_CLIENT_INFO: Implementation = { name: 'sprout-ai', version: '0.1.0' };

/** A server started as a child process, spoken to over its stdin/stdout. */
export interface McpStdioTransportConfig {
  readonly type: 'stdio';
  /** The executable, e.g. `npx` or `process.execPath`. */
  readonly command: string;
  readonly args?: readonly string[];
  /**
   * Extra environment variables. The child gets only a safe default subset of this process's
   * environment (`HOME`, `PATH`, `SHELL`, `TERM`, …) plus these.
   */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /**
   * What happens to the child's stderr: `'inherit'` copies it to this process's stderr while the
   * connection uses the child; once the connection gives up on it (a failed `initialize`, `close()`),
   * what it still writes, such as the stack trace of a late `EPIPE`, is dropped. `'pipe'` leaves the
   * stream unread (the SDK transport's `stderr`).
   *
   * @defaultValue `'inherit'`
   */
  readonly stderr?: 'inherit' | 'ignore' | 'pipe';
}

/** A server reached over MCP streamable HTTP. */
export interface McpStreamableHttpTransportConfig {
  readonly type: 'streamable-http';
  /** The MCP endpoint, e.g. `http://127.0.0.1:3001/mcp`. */
  readonly url: string;
  /** Headers sent with every request, e.g. `{ Authorization: 'Bearer …' }`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** OAuth 2.1 authorization (MCP's): tokens obtained, sent, refreshed and stepped up as the server asks. */
  readonly oauth?: McpOAuthOptions;
}

/** Where an MCP server is and how to talk to it. */
export type McpTransportConfig = McpStdioTransportConfig | McpStreamableHttpTransportConfig;

/** Options of {@link McpClientConnection}. */
export interface McpClientConnectionOptions {
  /** The connection name, e.g. `everything`; used in tool-name prefixes and messages. */
  readonly name: string;
  readonly transport: McpTransportConfig;
  /** Time allowed for each request, in milliseconds. @defaultValue {@link DEFAULT_MCP_REQUEST_TIMEOUT_MS} */
  readonly requestTimeoutMs?: number;
  /**
   * Time allowed for starting the server and the `initialize` handshake of each session, in
   * milliseconds (`sprout.mcp.client.initialization-timeout` in `@sprout-ai/boot`).
   * @defaultValue {@link DEFAULT_MCP_CONNECT_TIMEOUT_MS}
   */
  readonly connectTimeoutMs?: number;
  /** @defaultValue {@link SPROUT_MCP_CLIENT_INFO} */
  readonly clientInfo?: Implementation;
  /** Answers the server's `elicitation/create`; the `elicitation` capability is declared only with one. */
  readonly elicitation?: McpElicitationHandler;
  /** Answers the server's `sampling/createMessage`; the `sampling` capability is declared only with one. */
  readonly sampling?: McpSamplingHandler;
  /** Receives the progress notifications of tool calls. */
  readonly onProgress?: McpProgressHandler;
}

/**
 * One MCP client session with one server, (re)connected on demand: the first request connects;
 * when the server goes away (a stdio child exits, an HTTP session closes) the session is dropped
 * and the **next** request starts a new one (a new child process for stdio).
 *
 * @see Spring AI's use of `McpSyncClient` / `McpAsyncClient` per named connection
 */
export class McpClientConnection {
  readonly name: string;
  readonly transport: McpTransportConfig;
  readonly requestTimeoutMs: number;
  readonly connectTimeoutMs: number;
  /** Called when the server says its tool list changed (`notifications/tools/list_changed`). */
  onToolListChanged: (() => void) | undefined;

  private readonly clientInfo: Implementation;
  private readonly elicitation: McpElicitationHandler | undefined;
  private readonly sampling: McpSamplingHandler | undefined;
  private readonly onProgress: McpProgressHandler | undefined;
  private readonly oauth: McpOAuthClientProvider | undefined;
  /** The streamable HTTP transport of the open session (to finish an authorization). */
  private httpTransport: StreamableHTTPClientTransport | undefined;
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;
  private closed = false;
  private info: Implementation | undefined;
  /** The protocol version agreed in the last `initialize`. */
  private negotiatedVersion: string | undefined;
  /** Stops copying the current stdio child's stderr (see {@link McpStdioTransportConfig.stderr}). */
  private stopStderr: (() => void) | undefined;

  /** @param options - name, transport, timeout and client info */
  constructor(options: McpClientConnectionOptions) {
    this.name = options.name;
    this.transport = options.transport;
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_MCP_REQUEST_TIMEOUT_MS;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_MCP_CONNECT_TIMEOUT_MS;
    this.clientInfo = options.clientInfo ?? SPROUT_MCP_CLIENT_INFO;
    this.elicitation = options.elicitation;
    this.sampling = options.sampling;
    this.onProgress = options.onProgress;
    const t = options.transport;
    this.oauth =
      t.type === 'streamable-http' && t.oauth !== undefined
        ? new McpOAuthClientProvider(this.name, this.target, t.oauth, this.clientInfo.name)
        : undefined;
  }

  /**
   * What the client declares in `initialize`: `elicitation` (form mode, defaults applied) when an
   * elicitation handler is set, `sampling` when a sampling handler is set.
   */
  get capabilities(): ClientCapabilities {
    return {
      ...(this.elicitation === undefined ? {} : { elicitation: { form: { applyDefaults: true } } }),
      ...(this.sampling === undefined ? {} : { sampling: {} }),
    };
  }

  /** What the connection points at, e.g. `node server.js stdio` or `http://127.0.0.1:3001/mcp`. */
  get target(): string {
    const t = this.transport;
    return t.type === 'stdio' ? [t.command, ...(t.args ?? [])].join(' ') : t.url;
  }

  /** The server's `serverInfo` from the last `initialize`, once connected. */
  get serverInfo(): Implementation | undefined {
    return this.info;
  }

  /**
   * The protocol version agreed with the server in the last `initialize` (e.g. `2025-06-18`), once
   * connected; `mcp.protocol.version` of the `tools/call` CLIENT spans.
   */
  get protocolVersion(): string | undefined {
    return this.negotiatedVersion;
  }

  /**
   * The session id the server gave (`Mcp-Session-Id`): streamable HTTP with a stateful server only;
   * `undefined` for stdio or before a session opens. `mcp.session.id` of the `tools/call` spans.
   */
  get sessionId(): string | undefined {
    return this.httpTransport?.sessionId;
  }

  /** True while a session is open. */
  get connected(): boolean {
    return this.client !== undefined;
  }

  /**
   * Opens the session now (otherwise the first request does).
   *
   * @throws McpConnectionError when the server cannot be started or reached, or `initialize` fails
   */
  async connect(): Promise<void> {
    await this.session();
  }

  /**
   * Lists every tool of the server (following `nextCursor`). Only names are checked here (the SDK's
   * own `listTools` rejects the whole list when one `inputSchema` lacks `type`).
   *
   * @throws McpConnectionError when the server cannot be reached
   * @throws McpError from the SDK when the server answers with an error
   */
  async listTools(): Promise<McpTool[]> {
    const client = await this.session();
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    do {
      const params = cursor === undefined ? {} : { cursor };
      const page = await this.authorized(() =>
        client.request({ method: 'tools/list', params }, mcpClientSdk().LenientListToolsResultSchema, {
          timeout: this.requestTimeoutMs,
        }),
      );
      tools.push(...(page.tools as McpTool[]));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  }

  /**
   * Calls a tool. `arguments` is always sent (at least `{}`).
   *
   * @param toolName - the tool's name on the server
   * @param args - the arguments object
   * @param meta - sent as the request's `_meta` when not empty
   * @param signal - cancels the call: while the session is being opened the call rejects at once
   *   (the session still opens, for later calls); once sent, the SDK sends the server
   *   `notifications/cancelled` for the request. Nothing stays attached to it after the call.
   * @returns the server's result (which may have `isError: true`)
   * @throws McpConnectionError, or the SDK's `McpError` (protocol error, timeout, connection closed)
   * @throws the signal's reason when it aborts before the result arrives
   */
  async callTool(
    toolName: string,
    args: Readonly<Record<string, unknown>> | undefined,
    meta?: Readonly<Record<string, unknown>>,
    signal?: AbortSignal,
  ): Promise<CallToolResult> {
    signal?.throwIfAborted();
    const params = {
      name: toolName,
      arguments: { ...(args ?? {}) },
      ...(meta !== undefined && Object.keys(meta).length > 0 ? { _meta: { ...meta } } : {}),
    };
    // The SDK leaves a listener on every request's signal: it gets one of the call's own.
    const request = signal === undefined ? undefined : linkedSignal(signal);
    try {
      const client = await untilAborted(this.session(), signal, (aborted) => aborted.reason);
      return (await this.authorized(() =>
        client.callTool(params, undefined, {
          timeout: this.requestTimeoutMs,
          // A progress token goes with every call; each notification restarts the timeout.
          resetTimeoutOnProgress: true,
          onprogress: (progress) => {
            this.onProgress?.({ connectionName: this.name, toolName, ...progress });
          },
          ...(request === undefined ? {} : { signal: request.signal }),
        }),
      )) as CallToolResult;
    } catch (error) {
      // The SDK rejects an aborted request with an McpError coded RequestTimeout; the caller's
      // reason says what happened.
      signal?.throwIfAborted();
      throw error;
    } finally {
      request?.dispose();
    }
  }

  /** Ends the session (stopping a stdio child). Later requests fail. Safe to call twice. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopStderr?.();
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.close();
  }

  private async session(): Promise<Client> {
    if (this.closed) {
      throw new McpConnectionError({ connectionName: this.name, target: this.target, cause: new Error('closed') });
    }
    if (this.client !== undefined) return this.client;
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<Client> {
    const sdk = mcpClientSdk();
    // An authorization code obtained while connecting is exchanged, then the session starts again.
    for (let attempt = 1; ; attempt++) {
      const { client, transport } = this.newClient();
      try {
        await client.connect(transport, { timeout: this.connectTimeoutMs });
        return await this.opened(client);
      } catch (error) {
        this.stopStderr?.();
        const code = sdk.isUnauthorized(error) ? this.oauth?.takeAuthorizationCode() : undefined;
        if (code !== undefined && attempt < 3) {
          try {
            await this.httpTransport?.finishAuth(code);
          } catch (authError) {
            await client.close().catch(() => undefined);
            throw this.failure(authError);
          }
          await client.close().catch(() => undefined);
          continue;
        }
        await client.close().catch(() => undefined);
        throw this.failure(error, sdk.isTimeout(error) ? this.connectTimeoutMs : undefined);
      }
    }
  }

  /**
   * Runs a request of the open session; when it needed an authorization the handler has just
   * obtained (a `403 insufficient_scope`, an expired session), finishes it and runs it once more.
   */
  private async authorized<T>(request: () => Promise<T>): Promise<T> {
    const sdk = mcpClientSdk();
    try {
      return await request();
    } catch (error) {
      const code = sdk.isUnauthorized(error) ? this.oauth?.takeAuthorizationCode() : undefined;
      if (code === undefined || this.httpTransport === undefined) {
        throw sdk.authorizationFailure(error) === undefined ? error : this.failure(error);
      }
      try {
        await this.httpTransport.finishAuth(code);
        return await request();
      } catch (retryError) {
        throw sdk.authorizationFailure(retryError) === undefined ? retryError : this.failure(retryError);
      }
    }
  }

  /** The error for a failed connection: an authorization failure says so. */
  private failure(error: unknown, initializationTimeoutMs?: number): McpConnectionError {
    if (McpConnectionError.isInstance(error)) return error;
    const sdkReason = mcpClientSdk().authorizationFailure(error);
    const step = mcpClientSdk().isOAuthError(error) ? this.oauth?.tokenRequestStep : undefined;
    const reason = step === undefined || sdkReason === undefined ? sdkReason : `${step}: ${sdkReason}`;
    if (reason !== undefined) {
      return new McpAuthorizationError({ connectionName: this.name, target: this.target, reason, cause: error });
    }
    return new McpConnectionError({
      connectionName: this.name,
      target: this.target,
      cause: error,
      ...(initializationTimeoutMs === undefined ? {} : { initializationTimeoutMs }),
    });
  }

  private newClient(): { client: Client; transport: Transport } {
    const sdk = mcpClientSdk();
    const client = new sdk.Client(this.clientInfo, { capabilities: this.capabilities });
    const transport = this.createTransport();
    // The SDK tells only HTTP transports the agreed version; every transport hears it here.
    const setProtocolVersion = transport.setProtocolVersion?.bind(transport);
    transport.setProtocolVersion = (version: string) => {
      this.negotiatedVersion = version;
      setProtocolVersion?.(version);
    };
    client.onclose = () => {
      if (this.client === client) {
        this.client = undefined;
        if (!this.closed) logger.warn({ connection: this.name }, `MCP server '${this.name}' closed the session`);
      }
    };
    client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, () => {
      this.onToolListChanged?.();
    });
    client.setNotificationHandler(sdk.LoggingMessageNotificationSchema, ({ params }) => {
      logger.debug(
        { connection: this.name, level: params.level, logger: params.logger, data: params.data },
        'MCP server log',
      );
    });
    const { elicitation, sampling } = this;
    if (elicitation !== undefined) {
      client.setRequestHandler(sdk.ElicitRequestSchema, ({ params }, extra) => {
        if (params.mode === 'url') throw new Error('URL-mode elicitation is not supported by this client');
        return elicitation({ connectionName: this.name, params, signal: extra.signal });
      });
    }
    if (sampling !== undefined) {
      client.setRequestHandler(sdk.CreateMessageRequestSchema, ({ params }, extra) =>
        sampling({ connectionName: this.name, params, signal: extra.signal }),
      );
    }
    return { client, transport };
  }

  /** Makes a connected client the session's (or closes it when the connection was closed meanwhile). */
  private async opened(client: Client): Promise<Client> {
    if (this.closed) {
      await client.close();
      throw new McpConnectionError({ connectionName: this.name, target: this.target, cause: new Error('closed') });
    }
    this.info = client.getServerVersion();
    this.client = client;
    logger.debug({ connection: this.name, server: this.info }, `Connected to MCP server '${this.name}'`);
    return client;
  }

  private createTransport(): Transport {
    const { StdioClientTransport, StreamableHTTPClientTransport } = mcpClientSdk();
    const t = this.transport;
    if (t.type === 'stdio') {
      const inherit = (t.stderr ?? 'inherit') === 'inherit';
      const transport = new StdioClientTransport({
        command: t.command,
        args: [...(t.args ?? [])],
        env: t.env === undefined ? undefined : { ...t.env },
        cwd: t.cwd,
        // 'inherit' is copied by hand, so it can stop when the connection gives up on the child.
        stderr: inherit ? 'pipe' : t.stderr,
      });
      this.stopStderr = inherit ? copyToStderr(transport.stderr) : undefined;
      return transport;
    }
    this.httpTransport = new StreamableHTTPClientTransport(new URL(t.url), {
      requestInit: t.headers === undefined ? undefined : { headers: { ...t.headers } },
      ...(this.oauth === undefined ? {} : { authProvider: this.oauth }),
    });
    return this.httpTransport;
  }
}

/**
 * Copies a child's stderr to this process's stderr until the returned function is called; after
 * that the stream is still read (a child blocked on a full pipe would hang) but dropped.
 */
function copyToStderr(stream: Stream | null): () => void {
  let copying = true;
  stream?.on('data', (chunk: Buffer) => {
    if (copying) process.stderr.write(chunk);
  });
  return () => {
    copying = false;
  };
}
