import type { ToolCallback, ToolContext, ToolDefinition, ToolMetadata } from '@sprout-ai/core';

/** One finished tool call, as reported by {@link TracingToolCallback}. */
export interface ToolCallTrace {
  /** Tool name, e.g. `getOrderStatus`. */
  readonly tool: string;
  /** The model's arguments as JSON text, e.g. `{"orderId":"A123"}`. */
  readonly args: string;
  /** The result's `code` field (e.g. `OK`), `-` when the result has none, `ERROR` when the tool threw. */
  readonly code: string;
  /** Wall-clock duration of the call, in milliseconds. */
  readonly durationMs: number;
  /** What the tool threw, when it threw. */
  readonly error?: unknown;
}

/** Receives one {@link ToolCallTrace} per tool call. */
export type ToolCallTraceListener = (trace: ToolCallTrace) => void;

/**
 * Wraps a {@link ToolCallback} and reports every call (tool, arguments, result code, duration) to a
 * listener, without changing the call's input, result or error.
 */
export class TracingToolCallback implements ToolCallback {
  readonly toolDefinition: ToolDefinition;
  readonly toolMetadata: ToolMetadata;
  readonly source?: string;

  /**
   * @param delegate - the callback that does the work
   * @param listener - called after each call, before its result is returned
   */
  constructor(
    private readonly delegate: ToolCallback,
    private readonly listener: ToolCallTraceListener,
  ) {
    this.toolDefinition = delegate.toolDefinition;
    this.toolMetadata = delegate.toolMetadata;
    this.source = delegate.source;
  }

  /**
   * Runs the delegate and reports the call.
   *
   * @param toolInput - the model's arguments as JSON text
   * @param toolContext - passed through unchanged
   * @returns the delegate's result
   * @throws whatever the delegate throws (after reporting it with code `ERROR`)
   */
  async call(toolInput: string, toolContext?: ToolContext): Promise<string> {
    const started = performance.now();
    const report = (code: string, error?: unknown): void =>
      this.listener({
        tool: this.toolDefinition.name,
        args: toolInput,
        code,
        durationMs: performance.now() - started,
        ...(error === undefined ? {} : { error }),
      });
    let result: string;
    try {
      result = await this.delegate.call(toolInput, toolContext);
    } catch (error) {
      report('ERROR', error);
      throw error;
    }
    report(resultCode(result));
    return result;
  }
}

/**
 * Formats a trace as one line, e.g. `tool=getOrderStatus args={"orderId":"A123"} code=OK 3ms`.
 *
 * @param trace - the finished call
 * @returns the line, without a trailing newline
 */
export function formatToolCallTrace(trace: ToolCallTrace): string {
  return `tool=${trace.tool} args=${oneLine(trace.args)} code=${trace.code} ${Math.round(trace.durationMs)}ms`;
}

function resultCode(result: string): string {
  try {
    const parsed: unknown = JSON.parse(result);
    const code = (parsed as { code?: unknown } | null)?.code;
    return typeof code === 'string' && code !== '' ? code : '-';
  } catch {
    return '-';
  }
}

function oneLine(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args));
  } catch {
    return JSON.stringify(args);
  }
}
