import { runUnderMcpServerSpan, watchInitializeResult } from '../mcp-tool-call-tracing';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type {
  CallToolResult,
  Implementation,
  Resource,
  ResourceTemplate,
  LoggingLevel,
  RequestId,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import {
  ConfigurationError,
  InvalidToolArgumentsError,
  type ToolCallback,
  ToolContext,
  ToolExecutionError,
} from '@sprout-ai/core';
import { assertUniqueToolNames, createLogger } from '@sprout-ai/core/internal';
import { McpMethodToolCallback } from './mcp-method-tool-callback';
import type { McpEventStore } from './mcp-event-store';
import type { McpServerFeatures } from './mcp-server-features';
import { sessionScopedEventStore } from './session-scoped-event-store';
import { MCP_REQUEST_CONTEXT_KEY, McpRequestContext } from './mcp-request-context';
import { McpToolError } from './mcp-tool-error';

const logger = createLogger('@sprout-ai/mcp/server');

let mcpServerSdkModules: ReturnType<typeof loadMcpServerSdk> | undefined;

/** The MCP SDK server and its transports: loaded when a server is first created, not at start-up (~300 modules with zod and hono). */
function mcpServerSdk(): ReturnType<typeof loadMcpServerSdk> {
  return (mcpServerSdkModules ??= loadMcpServerSdk());
}

function loadMcpServerSdk() {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, not at start-up (see mcpServerSdk) */
  const { Server } =
    require('@modelcontextprotocol/sdk/server/index.js') as typeof import('@modelcontextprotocol/sdk/server/index.js');
  const { StdioServerTransport } =
    require('@modelcontextprotocol/sdk/server/stdio.js') as typeof import('@modelcontextprotocol/sdk/server/stdio.js');
  const { StreamableHTTPServerTransport } =
    require('@modelcontextprotocol/sdk/server/streamableHttp.js') as typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const types = require('@modelcontextprotocol/sdk/types.js') as typeof import('@modelcontextprotocol/sdk/types.js');
  /* eslint-enable @typescript-eslint/no-require-imports */
  return {
    Server,
    StdioServerTransport,
    StreamableHTTPServerTransport,
    ...types,
  };
}

/** Default `serverInfo` (`spring.ai.mcp.server.name` / `.version`). */
export const DEFAULT_MCP_SERVER_INFO: Implementation = { name: 'mcp-server', version: '1.0.0' };
/** Default path of the streamable HTTP endpoint (`spring.ai.mcp.server.streamable-http.mcp-endpoint`). */
export const DEFAULT_MCP_ENDPOINT = '/mcp';
/** Default `retry` hint of resumable streams, in milliseconds (`sprout.mcp.server.streamable-http.retry-interval`). */
export const DEFAULT_MCP_RETRY_INTERVAL_MS = 1000;
/** The `ToolContext` key under which the default context factory puts the request's MCP details. */
export const MCP_EXCHANGE_CONTEXT_KEY = 'exchange';

/** What the server knows about one `tools/call` request. */
export interface McpToolRequest {
  /** The tool name, as the client sent it. */
  readonly toolName: string;
  /** Who is calling: set by the HTTP `authenticate` hook (absent on stdio). */
  readonly authInfo?: AuthInfo;
  /** The streamable HTTP session id (absent on stdio). */
  readonly sessionId?: string;
  /** The request's `_meta`, as the client sent it (untrusted). */
  readonly meta?: Readonly<Record<string, unknown>>;
}

/**
 * Builds the `ToolContext` entries of a call, e.g. the caller's user id from `authInfo`.
 * @defaultValue `{ exchange: request }`
 */
export type McpToolContextFactory = (request: McpToolRequest) => Readonly<Record<string, unknown>>;

/** Decides who is calling from an HTTP request (e.g. its bearer token); `undefined` means anonymous. */
export type McpHttpAuthenticator = (request: IncomingMessage) => AuthInfo | undefined | Promise<AuthInfo | undefined>;

/** Options of {@link McpToolServer}. */
export interface McpToolServerOptions {
  /** The tools to expose (e.g. from `mcpToolCallbacks(...)`); names must be unique. */
  readonly toolCallbacks: readonly ToolCallback[];
  /** @defaultValue {@link DEFAULT_MCP_SERVER_INFO} */
  readonly serverInfo?: Implementation;
  /** Sent to clients in `initialize` (`spring.ai.mcp.server.instructions`). */
  readonly instructions?: string;
  /** @defaultValue puts the {@link McpToolRequest} under `exchange` */
  readonly toolContextFactory?: McpToolContextFactory;
  /** Resources, prompts and completions (e.g. from `mcpServerFeatures(...)`). @defaultValue none */
  readonly features?: McpServerFeatures;
}

/** Options of {@link McpToolServer.listen}. */
export interface McpHttpListenOptions {
  /** @defaultValue `127.0.0.1` */
  readonly host?: string;
  /** @defaultValue 0 (an ephemeral port) */
  readonly port?: number;
  /** @defaultValue {@link DEFAULT_MCP_ENDPOINT} */
  readonly path?: string;
  /** Sets `authInfo` of the calls from the HTTP request. @defaultValue anonymous */
  readonly authenticate?: McpHttpAuthenticator;
  /**
   * Serve without sessions (`spring.ai.mcp.server.protocol=STATELESS`): every POST is answered by
   * a fresh server, so several instances can sit behind one address. There is no GET stream and
   * no `logging/setLevel` memory between requests, and tools cannot elicit or sample (the client's
   * answer would reach another request). @defaultValue false
   */
  readonly stateless?: boolean;
  /**
   * Makes the SSE streams resumable (SEP-1699): every message sent on a stream is kept here with an
   * event id, each stream opens with a priming event (an id and empty data, for clients of protocol
   * 2025-11-25 or newer), and a client that lost a stream resumes it with `GET` and `Last-Event-ID`.
   * Tools may then end their stream early with `McpRequestContext.closeSseStream()`. The store is
   * scoped to each session (a client replays only its own session's events).
   * Not with `stateless`: a resumed stream must reach the instance running the request, so behind
   * one address use sessions and route each `Mcp-Session-Id` to its instance.
   * (`sprout.mcp.server.streamable-http.resumable`) @defaultValue none: streams are not resumable
   */
  readonly eventStore?: McpEventStore;
  /**
   * How long a client should wait before resuming a closed stream, in milliseconds: the SSE `retry`
   * field of the priming events (`sprout.mcp.server.streamable-http.retry-interval`).
   * Only with `eventStore`. @defaultValue {@link DEFAULT_MCP_RETRY_INTERVAL_MS}
   */
  readonly retryIntervalMs?: number;
}

/** A running transport of an {@link McpToolServer}. */
export interface McpServerHandle {
  /** Stops it (closes sessions and, for HTTP, the listening socket). Safe to call twice. */
  close(): Promise<void>;
}

/** A streamable HTTP endpoint of an {@link McpToolServer}. */
export interface McpHttpServerHandle extends McpServerHandle {
  /** e.g. `http://127.0.0.1:41234/mcp`. */
  readonly url: string;
  readonly port: number;
}

/**
 * An MCP server exposing tool callbacks, built on the SDK's low-level `Server`: `tools/list`
 * returns each tool's name, description and our generated input schema as it is; `tools/call`
 * runs the callback with the request's `arguments` (missing means `{}`) and a `ToolContext` from
 * the {@link McpToolContextFactory}, whose `signal` aborts when the client cancels the request
 * (`notifications/cancelled`, e.g. its tool loop was aborted or the call timed out there).
 *
 * A result is one text part, or the parts of an `McpToolResult` an `@McpTool` method returns. Each
 * call's `ToolContext` also carries an {@link McpRequestContext} (progress, log messages filtered
 * by `logging/setLevel`, elicitation, sampling). A failing tool gives `isError: true` with: the message of an
 * {@link McpToolError} or of invalid arguments (meant for the caller); otherwise a generic
 * message with a reference, the details being logged on stderr. An unknown tool name is a
 * JSON-RPC error (`-32602`).
 *
 * @example
 * ```ts
 * const server = new McpToolServer({ toolCallbacks: mcpToolCallbacks([orderTools]) });
 * await server.connectStdio();                       // or
 * const http = await server.listen({ port: 3001 });  // http://127.0.0.1:3001/mcp
 * ```
 * @see Spring AI MCP server auto-configuration and `McpToolUtils.toSyncToolSpecification`
 * @remarks Spring sends every exception's message to the client; here only messages meant for
 * the caller are sent.
 */
export class McpToolServer {
  readonly toolCallbacks: readonly ToolCallback[];
  readonly serverInfo: Implementation;
  private readonly instructions: string | undefined;
  private readonly toolContextFactory: McpToolContextFactory;
  private readonly byName: ReadonlyMap<string, ToolCallback>;
  private readonly features: McpServerFeatures;
  /** The SDK servers now connected (one per session or transport) and the resource URIs each subscribed to. */
  private readonly connected = new Map<Server, Set<string>>();

  /**
   * @param options - tools, server info, instructions and context factory
   * @throws DuplicateToolNameError when two tools share a name
   */
  constructor(options: McpToolServerOptions) {
    assertUniqueToolNames(options.toolCallbacks);
    this.toolCallbacks = [...options.toolCallbacks];
    this.serverInfo = options.serverInfo ?? DEFAULT_MCP_SERVER_INFO;
    this.instructions = options.instructions;
    this.toolContextFactory = options.toolContextFactory ?? ((request) => ({ [MCP_EXCHANGE_CONTEXT_KEY]: request }));
    this.byName = new Map(this.toolCallbacks.map((callback) => [callback.toolDefinition.name, callback]));
    this.features = options.features ?? { resources: [], prompts: [], completions: [] };
  }

  /**
   * Tells the clients subscribed to a resource that it changed (`notifications/resources/updated`).
   *
   * @param uri - the resource's URI
   */
  async notifyResourceUpdated(uri: string): Promise<void> {
    const subscribed = [...this.connected].filter(([, uris]) => uris.has(uri)).map(([server]) => server);
    await Promise.all(subscribed.map((server) => server.sendResourceUpdated({ uri })));
  }

  /**
   * A new SDK `Server` with this server's handlers (one per session or transport).
   *
   * @param options - `stateless`: one server per request, whose tools cannot send requests to the client
   */
  createServer(options: { readonly stateless?: boolean } = {}): Server {
    const { Server, ListToolsRequestSchema, CallToolRequestSchema, SetLevelRequestSchema } = mcpServerSdk();
    const { resources, prompts, completions } = this.features;
    const server = new Server(this.serverInfo, {
      capabilities: {
        tools: {},
        logging: {},
        ...(resources.length === 0 ? {} : { resources: { subscribe: true } }),
        ...(prompts.length === 0 ? {} : { prompts: {} }),
        ...(completions.length === 0 ? {} : { completions: {} }),
      },
      ...(this.instructions === undefined ? {} : { instructions: this.instructions }),
    });
    const subscriptions = new Set<string>();
    this.connected.set(server, subscriptions);
    server.onclose = () => this.connected.delete(server);
    this.serveFeatures(server, subscriptions);
    // The session's minimum log level; the SDK keeps its own privately, for its own sendLoggingMessage.
    let logLevel: LoggingLevel | undefined;
    // The protocol version this server agreed in `initialize` (the SDK does not keep it), for spans.
    let protocolVersion: string | undefined;
    const connect = server.connect.bind(server);
    server.connect = (transport) =>
      connect(
        watchInitializeResult(transport, (version) => {
          protocolVersion = version;
        }),
      );
    server.setRequestHandler(SetLevelRequestSchema, (request) => {
      logLevel = request.params.level;
      return {};
    });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: this.toolCallbacks.map((callback) => {
        const { toolDefinition } = callback;
        const mcp = callback instanceof McpMethodToolCallback ? callback : undefined;
        const { title: _title, ...hints } = mcp?.annotations ?? {};
        return {
          name: toolDefinition.name,
          ...(mcp?.title === undefined ? {} : { title: mcp.title }),
          description: toolDefinition.description,
          inputSchema: JSON.parse(toolDefinition.inputSchema) as { type: 'object' },
          ...(mcp?.outputSchema === undefined ? {} : { outputSchema: mcp.outputSchema as { type: 'object' } }),
          ...(Object.keys(hints).length === 0 ? {} : { annotations: hints }),
        };
      }),
    }));
    server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
      extra.signal.addEventListener('abort', () => endResponseStream(server, extra.requestId), { once: true });
      const requestContext = new McpRequestContext({
        progressToken: request.params._meta?.progressToken,
        sendNotification: (notification: ServerNotification) => extra.sendNotification(notification),
        sendRequest: async <T>(outgoing: ServerRequest, parse: (result: unknown) => T) =>
          parse(await extra.sendRequest(outgoing, anyResult())),
        clientCapabilities: () => server.getClientCapabilities(),
        logLevel: () => logLevel,
        canSendRequests: options.stateless !== true,
        // Set by the SDK only with an event store and a client that can resume (protocol >= 2025-11-25).
        closeSseStream: extra.closeSSEStream,
      });
      // The tool runs in the caller's trace when `_meta` carries its W3C trace context.
      // A stateless server saw no `initialize`: HTTP clients send the version on every request.
      const version = protocolVersion ?? headerValue(extra.requestInfo?.headers['mcp-protocol-version']);
      return runUnderMcpServerSpan(request.params.name, request.params._meta, extra.sessionId, version, () =>
        this.callTool(
          request.params.name,
          request.params.arguments,
          {
            toolName: request.params.name,
            authInfo: extra.authInfo,
            sessionId: extra.sessionId,
            meta: request.params._meta,
          },
          requestContext,
          extra.signal,
        ),
      );
    });
    return server;
  }

  /** The resource, prompt and completion handlers of one SDK server. */
  private serveFeatures(server: Server, subscriptions: Set<string>): void {
    const sdk = mcpServerSdk();
    const { resources, prompts, completions } = this.features;
    const contextOf = (extra: { authInfo?: AuthInfo; sessionId?: string; signal: AbortSignal }, name: string) =>
      new ToolContext(
        this.toolContextFactory({ toolName: name, authInfo: extra.authInfo, sessionId: extra.sessionId }),
        extra.signal,
      );
    if (resources.length > 0) {
      server.setRequestHandler(sdk.ListResourcesRequestSchema, () => ({
        resources: resources.filter((r) => r.template === undefined).map((r) => r.listing as Resource),
      }));
      server.setRequestHandler(sdk.ListResourceTemplatesRequestSchema, () => ({
        resourceTemplates: resources.filter((r) => r.template !== undefined).map((r) => r.listing as ResourceTemplate),
      }));
      server.setRequestHandler(sdk.ReadResourceRequestSchema, async (request, extra) => {
        const { uri } = request.params;
        for (const resource of resources) {
          const matched =
            resource.template === undefined
              ? (resource.listing as Resource).uri === uri
                ? {}
                : null
              : resource.template.match(uri);
          if (matched === null) continue;
          const variables = Object.fromEntries(
            Object.entries(matched).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]),
          );
          return callOrProtocolError(resource.listing.name, () =>
            resource.read(uri, variables, contextOf(extra, resource.listing.name)),
          );
        }
        throw protocolError(-32002, `Resource not found: ${uri}`);
      });
      server.setRequestHandler(sdk.SubscribeRequestSchema, (request) => {
        subscriptions.add(request.params.uri);
        return {};
      });
      server.setRequestHandler(sdk.UnsubscribeRequestSchema, (request) => {
        subscriptions.delete(request.params.uri);
        return {};
      });
    }
    if (prompts.length > 0) {
      server.setRequestHandler(sdk.ListPromptsRequestSchema, () => ({ prompts: prompts.map((p) => p.listing) }));
      server.setRequestHandler(sdk.GetPromptRequestSchema, async (request, extra) => {
        const { name } = request.params;
        const prompt = prompts.find((p) => p.listing.name === name);
        if (prompt === undefined) {
          throw protocolError(
            sdk.ErrorCode.InvalidParams,
            `Unknown prompt '${name}'. Available prompts: ${prompts.map((p) => p.listing.name).join(', ')}`,
          );
        }
        return callOrProtocolError(name, () => prompt.get(request.params.arguments ?? {}, contextOf(extra, name)));
      });
    }
    if (completions.length > 0) {
      server.setRequestHandler(sdk.CompleteRequestSchema, async (request) => {
        const { ref, argument, context } = request.params;
        const completion = completions.find((c) =>
          c.ref.type === 'ref/prompt'
            ? ref.type === 'ref/prompt' && ref.name === c.ref.name
            : ref.type === 'ref/resource' && ref.uri === c.ref.uri,
        );
        const values =
          completion === undefined
            ? []
            : await callOrProtocolError('completion', () =>
                completion.complete({ ...argument, arguments: context?.arguments ?? {} }),
              );
        return { completion: { values: values.slice(0, 100), total: values.length, hasMore: values.length > 100 } };
      });
    }
  }

  /**
   * Serves MCP over stdio: protocol messages only on `stdout`.
   *
   * @param stdin - @defaultValue `process.stdin`
   * @param stdout - @defaultValue `process.stdout`
   */
  async connectStdio(stdin?: Readable, stdout?: Writable): Promise<McpServerHandle> {
    const server = this.createServer();
    const { StdioServerTransport } = mcpServerSdk();
    await server.connect(new StdioServerTransport(stdin, stdout));
    return { close: () => server.close() };
  }

  /**
   * Serves MCP over streamable HTTP (stateful sessions) at `path` on `host:port`. Requests whose
   * `Host` header is not this address are refused (DNS-rebinding protection).
   *
   * @param options - host, port, path, authenticator, stateless mode and event store
   * @returns the endpoint's URL and a close function
   * @throws ConfigurationError when `eventStore` is given with `stateless`, or `retryIntervalMs` is not a positive integer
   */
  async listen(options: McpHttpListenOptions = {}): Promise<McpHttpServerHandle> {
    const { ErrorCode } = mcpServerSdk();
    const resumable = resumableOptions(options);
    const host = options.host ?? '127.0.0.1';
    const path = options.path ?? DEFAULT_MCP_ENDPOINT;
    const sessions = new Map<string, StreamableHTTPServerTransport>();
    const http = createServer();
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(options.port ?? 0, host, () => {
        http.off('error', reject);
        resolve();
      });
    });
    const { port } = http.address() as AddressInfo;
    const allowedHosts = [`${host}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`];
    http.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const context = { path, allowedHosts, sessions, authenticate: options.authenticate, resumable };
      const handled =
        options.stateless === true ? this.handleStateless(req, res, context) : this.handleHttp(req, res, context);
      handled.catch((error: unknown) => {
        logger.error({ err: error }, 'MCP HTTP request failed');
        if (!res.headersSent) sendJsonRpcError(res, 500, ErrorCode.InternalError, 'Internal server error');
      });
    });
    let closing: Promise<void> | undefined;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`,
      port,
      close: () => (closing ??= closeHttp(http, sessions)),
    };
  }

  /** Checks path and Host, authenticates and reads the body; `undefined` when the request was already answered. */
  private async admit(
    req: IncomingMessage,
    res: ServerResponse,
    context: { path: string; allowedHosts: readonly string[]; authenticate?: McpHttpAuthenticator },
  ): Promise<{ body: unknown } | undefined> {
    const { ErrorCode } = mcpServerSdk();
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname !== context.path) {
      req.resume();
      sendJsonRpcError(res, 404, ErrorCode.InvalidRequest, `Not found: the MCP endpoint is ${context.path}`);
      return undefined;
    }
    if (!context.allowedHosts.includes(req.headers.host ?? '')) {
      req.resume();
      sendJsonRpcError(res, 403, ErrorCode.InvalidRequest, `Host '${req.headers.host ?? ''}' is not allowed`);
      return undefined;
    }
    const auth = await context.authenticate?.(req);
    if (auth !== undefined) (req as IncomingMessage & { auth?: AuthInfo }).auth = auth;
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    if (body === INVALID_JSON) {
      sendJsonRpcError(res, 400, ErrorCode.ParseError, 'Parse error: the body is not JSON');
      return undefined;
    }
    return { body };
  }

  /** One POST, one fresh SDK server and transport without a session id; GET and DELETE are refused. */
  private async handleStateless(
    req: IncomingMessage,
    res: ServerResponse,
    context: { path: string; allowedHosts: readonly string[]; authenticate?: McpHttpAuthenticator },
  ): Promise<void> {
    const { ErrorCode, StreamableHTTPServerTransport } = mcpServerSdk();
    const admitted = await this.admit(req, res, context);
    if (admitted === undefined) return;
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      sendJsonRpcError(
        res,
        405,
        ErrorCode.ConnectionClosed,
        'Method not allowed: this MCP server is stateless (POST only)',
      );
      return;
    }
    const server = this.createServer({ stateless: true });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, admitted.body);
  }

  private async handleHttp(
    req: IncomingMessage,
    res: ServerResponse,
    context: {
      path: string;
      allowedHosts: readonly string[];
      sessions: Map<string, StreamableHTTPServerTransport>;
      authenticate?: McpHttpAuthenticator;
      resumable?: { readonly eventStore: McpEventStore; readonly retryIntervalMs: number };
    },
  ): Promise<void> {
    const { ErrorCode, isInitializeRequest, StreamableHTTPServerTransport } = mcpServerSdk();
    const admitted = await this.admit(req, res, context);
    if (admitted === undefined) return;
    const { body } = admitted;
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? context.sessions.get(sessionId) : undefined;
    if (existing !== undefined) {
      await existing.handleRequest(req, res, body);
      return;
    }
    if (sessionId === undefined && req.method === 'POST' && isInitializeRequest(body)) {
      // Made here, not by the SDK, so that the event store can be scoped to it.
      const newSessionId = randomUUID();
      const { resumable } = context;
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => newSessionId,
        onsessioninitialized: (id) => {
          context.sessions.set(id, transport);
        },
        ...(resumable === undefined
          ? {}
          : {
              eventStore: sessionScopedEventStore(resumable.eventStore, newSessionId),
              retryInterval: resumable.retryIntervalMs,
            }),
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) context.sessions.delete(transport.sessionId);
      };
      await this.createServer().connect(transport);
      await transport.handleRequest(req, res, body);
      return;
    }
    sendJsonRpcError(
      res,
      sessionId === undefined ? 400 : 404,
      ErrorCode.InvalidRequest,
      sessionId === undefined
        ? 'Bad request: no mcp-session-id header; start with an initialize request'
        : 'Session not found; start a new session with an initialize request',
    );
  }

  /** Runs a tool; `signal` aborts when the client cancels the request (or the session closes). */
  private async callTool(
    name: string,
    args: Readonly<Record<string, unknown>> | undefined,
    request: McpToolRequest,
    requestContext: McpRequestContext,
    signal: AbortSignal,
  ): Promise<CallToolResult> {
    const callback = this.byName.get(name);
    if (callback === undefined) {
      // A JSON-RPC error (-32602) whose message the SDK client prefixes once with `MCP error -32602:`
      // (an McpError would carry that prefix already).
      throw protocolError(
        mcpServerSdk().ErrorCode.InvalidParams,
        `Unknown tool '${name}'. Available tools: ${[...this.byName.keys()].join(', ') || '(none)'}`,
      );
    }
    try {
      const context = new ToolContext(
        { ...this.toolContextFactory(request), [MCP_REQUEST_CONTEXT_KEY]: requestContext },
        signal,
      );
      const input = JSON.stringify(args ?? {});
      if (callback instanceof McpMethodToolCallback) return await callback.callForMcp(input, context);
      return { content: [{ type: 'text', text: await callback.call(input, context) }] };
    } catch (error) {
      if (signal.aborted) {
        // The client gave up on the call: the SDK sends no answer, and nothing failed here.
        logger.debug({ tool: name, reason: String(signal.reason) }, `MCP tool '${name}' was cancelled by the client`);
        return { content: [{ type: 'text', text: 'cancelled' }], isError: true };
      }
      return { content: [{ type: 'text', text: messageForCaller(error, name) }], isError: true };
    }
  }
}

/** The validated event store options of `listen`, `undefined` when streams are not resumable. */
function resumableOptions(
  options: McpHttpListenOptions,
): { readonly eventStore: McpEventStore; readonly retryIntervalMs: number } | undefined {
  const { eventStore, retryIntervalMs = DEFAULT_MCP_RETRY_INTERVAL_MS } = options;
  if (eventStore === undefined) return undefined;
  if (options.stateless === true) {
    throw new ConfigurationError({
      setting: 'eventStore',
      value: 'an event store',
      allowed: 'no event store on a stateless server: a resumed stream must reach the instance running the request',
    });
  }
  if (!Number.isSafeInteger(retryIntervalMs) || retryIntervalMs < 1) {
    throw new ConfigurationError({
      setting: 'retryIntervalMs',
      value: retryIntervalMs,
      allowed: 'a positive whole number of milliseconds',
    });
  }
  return { eventStore, retryIntervalMs };
}

/** A result schema that accepts any result: the request context parses results itself. */
function anyResult() {
  return mcpServerSdk().ResultSchema;
}

/**
 * Ends the HTTP response stream of a cancelled request. The SDK sends no answer for a request the
 * client cancelled, and a streamable HTTP response stream stays open until its answer is sent: each
 * cancelled call would keep a connection open (on both sides) until the session ends. Nothing to
 * do on stdio.
 */
function endResponseStream(server: Server, requestId: RequestId): void {
  const transport = server.transport as { closeSSEStream?: (id: RequestId) => void } | undefined;
  transport?.closeSSEStream?.(requestId);
}

/** A JSON-RPC error the SDK sends as it is (an McpError's message would carry the `MCP error` prefix twice on the client). */
function protocolError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** Runs a resource, prompt or completion method; its failure becomes a JSON-RPC error (message as for tools). */
async function callOrProtocolError<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const invalid = InvalidToolArgumentsError.isInstance(error) || InvalidToolArgumentsError.isInstance(causeOf(error));
    throw protocolError(invalid ? -32602 : -32603, messageForCaller(error, name));
  }
}

function causeOf(error: unknown): unknown {
  return error instanceof Error ? error.cause : undefined;
}

/**
 * The error's message when it is meant for the caller; otherwise a generic one (details logged)
 * whose reference is the `errorId` of the `ToolExecutionError`, so the log line and a client's
 * report name the same failure.
 */
function messageForCaller(error: unknown, toolName: string): string {
  let errorId: string | undefined;
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (McpToolError.isInstance(e)) return e.message;
    if (InvalidToolArgumentsError.isInstance(e)) return e.message;
    if (errorId === undefined && ToolExecutionError.isInstance(e)) errorId = e.errorId;
  }
  const reference = errorId ?? randomUUID().slice(0, 8);
  logger.error({ err: error, tool: toolName, reference }, `MCP tool '${toolName}' failed (reference ${reference})`);
  return `Tool '${toolName}' failed with an internal error (reference ${reference}).`;
}

const INVALID_JSON = Symbol('invalid JSON');

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return INVALID_JSON;
  }
}

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

async function closeHttp(http: HttpServer, sessions: Map<string, StreamableHTTPServerTransport>): Promise<void> {
  await Promise.all([...sessions.values()].map((transport) => transport.close()));
  sessions.clear();
  await new Promise<void>((resolve) => {
    http.close(() => resolve());
    http.closeAllConnections();
  });
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
