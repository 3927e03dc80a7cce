/* eslint-disable */
// Sprout's MCP server (the built @sprout-ai/mcp) on stdio, in a process of its own with the
// OpenTelemetry SDK registered: each finished span is appended to the file SPAN_FILE as one JSON line
// ({ name, kind, traceId, spanId, parentSpanId, attributes }). Its one tool, `echo`, answers
// `{ text, traceId }` with the trace id of the span active while it runs.
const { appendFileSync } = require('node:fs');
const { trace } = require('@opentelemetry/api');
const { SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');

const file = process.env.SPAN_FILE;
const exporter = {
  export(spans, done) {
    for (const span of spans) {
      const line = {
        name: span.name,
        kind: span.kind,
        traceId: span.spanContext().traceId,
        spanId: span.spanContext().spanId,
        parentSpanId: span.parentSpanContext?.spanId,
        attributes: span.attributes,
      };
      appendFileSync(file, JSON.stringify(line) + '\n');
    }
    done({ code: 0 });
  },
  shutdown: async () => {},
};
new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register();

const { FunctionToolCallback } = require('@sprout-ai/core');
const { McpToolServer } = require('@sprout-ai/mcp');

const echo = FunctionToolCallback.builder('echo', (input) => ({
  text: input.text,
  traceId: trace.getActiveSpan()?.spanContext().traceId,
}))
  .description('Echo the text')
  .inputSchema({ type: 'object', properties: { text: { type: 'string' } } })
  .build();
void new McpToolServer({ toolCallbacks: [echo] }).connectStdio();
