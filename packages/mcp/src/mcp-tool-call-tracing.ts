import { type Span, SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { GEN_AI, INSTRUMENTATION_SCOPE, redactCredentials } from '@sprout-ai/core/internal';

const METHOD = 'tools/call';
const MCP_METHOD_NAME = 'mcp.method.name';
const MCP_SESSION_ID = 'mcp.session.id';
const MCP_PROTOCOL_VERSION = 'mcp.protocol.version';

/**
 * Starts the `tools/call {name}` CLIENT span of an MCP tool call (a child of the active span, the
 * tool's `execute_tool` span in the loop) and puts its W3C trace context (`traceparent`,
 * `tracestate`) into the request's `_meta`, as the MCP specification allows, with the registered
 * propagator. With no provider registered, nothing is added.
 *
 * @param toolName - the tool's name on the server
 * @param meta - the `_meta` entries the tool context gives (not changed)
 * @returns the span and the `_meta` to send
 */
export function startMcpClientSpan(
  toolName: string,
  meta: Readonly<Record<string, unknown>> | undefined,
): { span: Span; meta: Readonly<Record<string, unknown>> | undefined } {
  const span = trace
    .getTracer(INSTRUMENTATION_SCOPE.mcp)
    .startSpan(`${METHOD} ${toolName}`, { kind: SpanKind.CLIENT }, context.active());
  if (!span.isRecording()) return { span, meta };
  span.setAttributes({ [MCP_METHOD_NAME]: METHOD, [GEN_AI.toolName]: toolName });
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(context.active(), span), carrier);
  return { span, meta: Object.keys(carrier).length === 0 ? meta : { ...meta, ...carrier } };
}

/**
 * Sets `mcp.session.id` (when the transport has a session) and `mcp.protocol.version` (when
 * negotiated) on an MCP span.
 *
 * @param span - a `tools/call` span
 * @param sessionId - the transport's session id (streamable HTTP), else `undefined`
 * @param protocolVersion - the version agreed in `initialize`, else `undefined`
 */
export function setMcpSessionAttributes(
  span: Span,
  sessionId: string | undefined,
  protocolVersion: string | undefined,
): void {
  if (!span.isRecording()) return;
  if (sessionId !== undefined) span.setAttribute(MCP_SESSION_ID, sessionId);
  if (protocolVersion !== undefined) span.setAttribute(MCP_PROTOCOL_VERSION, protocolVersion);
}

/**
 * Runs a `tools/call` request of Sprout's MCP server under a SERVER span whose parent is the trace
 * context the client put in `_meta` (or none), so that the tool's work is in the caller's trace.
 *
 * @param toolName - the called tool
 * @param meta - the request's `_meta` (untrusted; only the propagator's keys are read)
 * @param sessionId - the transport's session id, when it has one
 * @param protocolVersion - the protocol version of the session, when known
 * @param run - the call; its result's `isError` marks the span
 */
export async function runUnderMcpServerSpan<T extends { isError?: boolean }>(
  toolName: string,
  meta: Readonly<Record<string, unknown>> | undefined,
  sessionId: string | undefined,
  protocolVersion: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  const carrier: Record<string, string> = {};
  for (const [key, value] of Object.entries(meta ?? {})) if (typeof value === 'string') carrier[key] = value;
  const parent = propagation.extract(context.active(), carrier);
  const span = trace
    .getTracer(INSTRUMENTATION_SCOPE.mcp)
    .startSpan(`${METHOD} ${toolName}`, { kind: SpanKind.SERVER }, parent);
  if (span.isRecording()) span.setAttributes({ [MCP_METHOD_NAME]: METHOD, [GEN_AI.toolName]: toolName });
  setMcpSessionAttributes(span, sessionId, protocolVersion);
  try {
    const result = await context.with(trace.setSpan(parent, span), run);
    if (result.isError === true) markToolError(span);
    return result;
  } catch (error) {
    endWithError(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Marks an MCP span whose result has `isError: true`: `error.type` `tool_error`, an error status. */
export function markToolError(span: Span): void {
  if (!span.isRecording()) return;
  span.setAttribute(GEN_AI.errorType, 'tool_error');
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** Marks an MCP span failed: `error.type` (the error's class) and the masked message. */
export function endWithError(span: Span, error: unknown): void {
  if (!span.isRecording()) return;
  span.setAttribute(GEN_AI.errorType, error instanceof Error ? error.constructor.name : '_OTHER');
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: redactCredentials(error instanceof Error ? error.message : String(error)),
  });
}

/**
 * Makes a server transport report the protocol version it answers in `initialize` (a result with
 * `protocolVersion` and `serverInfo`): the SDK's `Server` agrees it but does not keep it.
 *
 * @param transport - a server transport, before `connect`
 * @param onVersion - called with the agreed version
 * @returns the same transport
 */
export function watchInitializeResult(transport: Transport, onVersion: (version: string) => void): Transport {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const result = 'result' in message ? (message.result as Record<string, unknown>) : undefined;
    if (typeof result?.protocolVersion === 'string' && result.serverInfo !== undefined)
      onVersion(result.protocolVersion);
    return send(message, options);
  };
  return transport;
}
