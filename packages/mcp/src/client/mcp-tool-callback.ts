import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import {
  DEFAULT_TOOL_METADATA,
  type PreparedToolArguments,
  type ToolCallback,
  type ToolCallResult,
  ToolContext,
  toolDefinition,
  type ToolDefinition,
  ToolExecutionError,
  type ToolAnnotations,
  type ToolMetadata,
} from '@sprout-ai/core';
import {
  checkToolExecutionRules,
  createLogger,
  prepareToolArguments,
  ToolArgumentsParser,
} from '@sprout-ai/core/internal';
import type { McpClientConnection } from './mcp-client-connection';
import { McpToolCallError } from './mcp-tool-call-error';
import { toProviderSafeToolName } from './mcp-tool-names';
import { normalizeMcpInputSchema } from './normalize-mcp-input-schema';
import { toToolCallResult } from './to-tool-call-result';
import { endWithError, markToolError, setMcpSessionAttributes, startMcpClientSpan } from '../mcp-tool-call-tracing';
import { McpMetaConverters, type ToolContextToMcpMetaConverter } from './tool-context-to-mcp-meta-converter';

const logger = createLogger('@sprout-ai/mcp/client');

/** Options of {@link McpToolCallback}. */
export interface McpToolCallbackOptions {
  /** The connection the tool is called through. */
  readonly connection: McpClientConnection;
  /** The tool as the server listed it. */
  readonly tool: McpTool;
  /** The name the model sees. @defaultValue `toProviderSafeToolName(tool.name)` */
  readonly name?: string;
  /** Which tool-context entries travel as `_meta`. @defaultValue {@link McpMetaConverters.none} */
  readonly metaConverter?: ToolContextToMcpMetaConverter;
  /**
   * How the tool loop runs the tool's calls: `timeoutMs` (then its signal aborts, the server gets
   * `notifications/cancelled` and the model reads a timeout error), `concurrency`,
   * `maxResultChars` and `returnDirect`. @defaultValue {@link DEFAULT_TOOL_METADATA}
   */
  readonly toolMetadata?: ToolMetadata;
}

/**
 * A tool of an MCP server, offered to the model under a provider-safe name.
 *
 * The definition has the safe name, the tool's description (else its title, else its name) and
 * the normalised input schema ({@link normalizeMcpInputSchema}). `call`:
 * 1. parses and validates the model's arguments against that schema (core's `ToolArgumentsParser`;
 *    bad arguments are a `ToolExecutionError` the model reads, and the server is not called);
 * 2. calls the tool under its **original** name, always with `arguments` (at least `{}`) and the
 *    chosen tool-context entries as `_meta`;
 * 3. returns the text of the result: its parts one per line, binary ones (images, audio, blobs) as a
 *    short placeholder, and the JSON of `structuredContent` when no part is text
 *    ({@link toToolCallResult}). {@link McpToolCallback.callPreparedForResult} (which the tool loop
 *    runs) and {@link McpToolCallback.callForResult} answer with the binary parts as `media`, which
 *    providers attach as images, and with `structuredContent`.
 *
 * A result with `isError: true`, a protocol error, a timeout or a server that went away becomes a
 * `ToolExecutionError`, so by default the model reads what happened and the loop goes on. An
 * aborted `toolContext.signal` is not a tool failure: the server gets `notifications/cancelled` and
 * the call rejects with the signal's reason (the loop's `RequestAbortedError` or timeout).
 * `toolMetadata` (e.g. `{ returnDirect: false, timeoutMs: 5_000 }`) gives the tool its rules in the loop;
 * the tool's MCP annotations (`readOnlyHint`, `destructiveHint` …) are added as its `annotations`.
 *
 * @see Spring AI `SyncMcpToolCallback` / `AsyncMcpToolCallback`
 * @remarks Async by nature (one class, not Sync/Async twins). Protocol errors are reported to the
 * model instead of aborting the request (Spring rethrows `McpError`), and arguments are validated
 * before the call. Spring answers the JSON of the content list, base64 of images included.
 */
export class McpToolCallback implements ToolCallback {
  readonly toolDefinition: ToolDefinition;
  readonly toolMetadata: ToolMetadata;
  /** e.g. `MCP tool 'get-sum' of connection 'everything'`. */
  readonly source: string;
  /** The tool's name on the MCP server, sent in `tools/call`. */
  readonly originalToolName: string;
  /** The tool's `title`, for display. */
  readonly title: string | undefined;
  readonly connectionName: string;
  /** The tool as listed by the server. */
  readonly tool: McpTool;
  /** Run by another service: `gen_ai.tool.type` of its `execute_tool` span. */
  readonly toolType = 'extension';

  private readonly connection: McpClientConnection;
  private readonly metaConverter: ToolContextToMcpMetaConverter;
  private readonly argumentsParser: ToolArgumentsParser | undefined;
  /** Why the server's input schema cannot check arguments; calls then fail closed. */
  private readonly schemaProblem: string | undefined;

  /**
   * @param options - connection, listed tool, final name, meta converter and execution rules
   * @throws ConfigurationError when the metadata's `concurrency`, `timeoutMs` or
   *   `maxResultChars` is not allowed
   */
  constructor(options: McpToolCallbackOptions) {
    const { connection, tool } = options;
    this.connection = connection;
    this.tool = tool;
    this.connectionName = connection.name;
    this.originalToolName = tool.name;
    this.title = tool.title ?? tool.annotations?.title;
    this.metaConverter = options.metaConverter ?? McpMetaConverters.none();
    const name = options.name ?? toProviderSafeToolName(tool.name);
    this.toolDefinition = toolDefinition({
      name,
      description: nonBlank(tool.description) ?? nonBlank(this.title) ?? tool.name,
      inputSchema: JSON.stringify(normalizeMcpInputSchema(tool.inputSchema)),
    });
    this.source = `MCP tool '${tool.name}' of connection '${connection.name}'`;
    // The server's hints; destructiveHint feeds sprout.tools.approval.mcp-destructive (docs/approval.md).
    const annotations = toolAnnotations(tool);
    const metadata = options.toolMetadata ?? DEFAULT_TOOL_METADATA;
    this.toolMetadata = annotations === undefined ? metadata : Object.freeze({ ...metadata, annotations });
    checkToolExecutionRules(this.toolMetadata, this.source);
    const compiled = compiledParser(this.toolDefinition, this.source);
    this.argumentsParser = compiled.parser;
    this.schemaProblem = compiled.problem;
  }

  /**
   * Calls the tool on its server.
   *
   * @param toolInput - the model's arguments as JSON object text; blank means `{}`
   * @param toolContext - entries chosen by the meta converter are sent as `_meta`
   * @returns the result text
   * @throws ToolExecutionError when the arguments are invalid, the result has `isError: true`
   * (message: its text), or the call fails (cause: {@link McpToolCallError})
   */
  call(toolInput: string, toolContext?: ToolContext): Promise<string> {
    return this.callPrepared(this.prepareArguments(toolInput), toolContext ?? new ToolContext());
  }

  /**
   * Repairs and parses the arguments once, and validates them against the tool's schema. When the
   * server's schema cannot be compiled (e.g. too deep for the validator), validation is not skipped:
   * every call fails with a message saying why, and nothing is sent to the server.
   *
   * @param raw - the arguments as the model sent them
   */
  prepareArguments(raw: unknown): PreparedToolArguments {
    return this.argumentsParser?.prepare(raw) ?? prepareToolArguments(raw);
  }

  /**
   * Calls the tool with prepared arguments; `toolContext.signal` cancels the call (the server gets
   * `notifications/cancelled`).
   *
   * @param args - from {@link McpToolCallback.prepareArguments}
   * @param toolContext - entries chosen by the meta converter are sent as `_meta`; its signal cancels
   * @throws ToolExecutionError as {@link McpToolCallback.call}
   */
  async callPrepared(args: PreparedToolArguments, toolContext: ToolContext): Promise<string> {
    return (await this.callPreparedForResult(args, toolContext)).text;
  }

  /**
   * Calls the tool and answers with all of its result: the text the model reads, the binary parts
   * (images, audio, blob resources) as media, and the server's `structuredContent`.
   *
   * @param toolInput - the model's arguments as JSON object text; blank means `{}`
   * @param toolContext - entries chosen by the meta converter are sent as `_meta`
   * @returns the text, media and structured content
   * @throws ToolExecutionError as {@link McpToolCallback.call}
   */
  callForResult(toolInput: string, toolContext?: ToolContext): Promise<ToolCallResult> {
    return this.callPreparedForResult(this.prepareArguments(toolInput), toolContext ?? new ToolContext());
  }

  /**
   * {@link McpToolCallback.callForResult} with prepared arguments: what the tool loop runs.
   *
   * @param args - from {@link McpToolCallback.prepareArguments}
   * @param toolContext - entries chosen by the meta converter are sent as `_meta`; its signal cancels
   * @throws ToolExecutionError as {@link McpToolCallback.call}
   */
  async callPreparedForResult(args: PreparedToolArguments, toolContext: ToolContext): Promise<ToolCallResult> {
    const invalid = this.argumentsError(args);
    if (invalid !== undefined) throw invalid;
    const signal = toolContext.signal;
    const { span, meta } = startMcpClientSpan(this.originalToolName, this.metaConverter(toolContext));
    let result: CallToolResult;
    try {
      result = await this.connection.callTool(this.originalToolName, args.value, meta, signal);
      if (result.isError === true) markToolError(span);
    } catch (error) {
      endWithError(span, error);
      if (signal.aborted) throw signal.reason;
      const cause = new McpToolCallError({
        connectionName: this.connectionName,
        toolName: this.originalToolName,
        reason: error instanceof Error ? error.message : String(error),
        cause: error,
      });
      logger.warn({ err: error, tool: this.originalToolName, connection: this.connectionName }, cause.message);
      throw new ToolExecutionError({ toolDefinition: this.toolDefinition, cause });
    } finally {
      // Known once the call has opened the session.
      setMcpSessionAttributes(span, this.connection.sessionId, this.connection.protocolVersion);
      span.end();
    }
    const answer = toToolCallResult(result);
    if (result.isError === true) {
      const text = answer.text;
      const message = text === '' ? `MCP tool '${this.originalToolName}' reported an error without details.` : text;
      throw new ToolExecutionError({ toolDefinition: this.toolDefinition, cause: new Error(message), message });
    }
    return answer;
  }

  private argumentsError(args: PreparedToolArguments): ToolExecutionError | undefined {
    if (this.schemaProblem !== undefined) {
      const message = `Tool '${this.toolDefinition.name}' cannot be called: its input schema from the MCP server cannot be checked (${this.schemaProblem}), so no call is sent.`;
      const cause = new McpToolCallError({
        connectionName: this.connectionName,
        toolName: this.originalToolName,
        reason: `its input schema cannot be checked (${this.schemaProblem}); the call was not sent`,
      });
      return new ToolExecutionError({ toolDefinition: this.toolDefinition, cause, message });
    }
    if (this.argumentsParser !== undefined) return this.argumentsParser.errorOf(args);
    if (args.value !== undefined) return undefined;
    const message = `Invalid arguments for tool '${this.toolDefinition.name}': ${args.problem ?? 'expected a JSON object'}. Send a JSON object.`;
    return new ToolExecutionError({
      toolDefinition: this.toolDefinition,
      cause: args.problemCause ?? new TypeError(message),
      message,
    });
  }
}

/** The tool's MCP annotations (title, readOnly/destructive/idempotent/openWorld hints), if any. */
function toolAnnotations(tool: McpTool): ToolAnnotations | undefined {
  const a = tool.annotations;
  if (a === undefined) return undefined;
  const hints: { -readonly [K in keyof ToolAnnotations]: ToolAnnotations[K] } = {};
  if (typeof a.title === 'string') hints.title = a.title;
  if (typeof a.readOnlyHint === 'boolean') hints.readOnlyHint = a.readOnlyHint;
  if (typeof a.destructiveHint === 'boolean') hints.destructiveHint = a.destructiveHint;
  if (typeof a.idempotentHint === 'boolean') hints.idempotentHint = a.idempotentHint;
  if (typeof a.openWorldHint === 'boolean') hints.openWorldHint = a.openWorldHint;
  return Object.keys(hints).length === 0 ? undefined : Object.freeze(hints);
}

/**
 * Core's argument parser for the tool, with its schema compiled now; or, when the server's schema
 * cannot be compiled, why (the tool's calls then fail closed).
 */
function compiledParser(
  definition: ToolDefinition,
  source: string,
): { parser: ToolArgumentsParser; problem?: undefined } | { parser?: undefined; problem: string } {
  const parser = new ToolArgumentsParser(definition);
  try {
    parser.parse('{}');
  } catch (error) {
    if (!ToolExecutionError.isInstance(error)) {
      const tooDeep = error instanceof RangeError || (error instanceof Error && error.cause instanceof RangeError);
      const problem = tooDeep ? 'it nests too deeply for the validator' : messageOf(error);
      logger.warn(
        { tool: definition.name },
        `The input schema of ${source} cannot be compiled (${problem}); calls to it will fail until the server fixes it`,
      );
      return { problem };
    }
  }
  return { parser };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function nonBlank(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text;
}
