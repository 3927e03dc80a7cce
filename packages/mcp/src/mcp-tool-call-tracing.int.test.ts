import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ChatClient } from '@sprout-ai/chat-client';
import { FunctionToolCallback } from '@sprout-ai/core';
import { ScriptedChatModel, assistantText, assistantToolCalls } from '@sprout-ai/test';
import { McpClientConnection } from './client/mcp-client-connection';
import { McpToolCallbackProvider } from './client/mcp-tool-callback-provider';
import { type McpHttpServerHandle, McpToolServer } from './server/mcp-tool-server';

// A real child process runs Sprout's MCP server with the OpenTelemetry SDK; loose time bound for CI.
jest.setTimeout(30_000);

interface ChildSpan {
  readonly name: string;
  readonly kind: number;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly attributes: Record<string, unknown>;
}

describe('MCP trace context across processes', () => {
  const exporter = new InMemorySpanExporter();
  let dir: string;
  let provider: McpToolCallbackProvider | undefined;
  beforeAll(() => {
    new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sprout-mcp-trace-'));
  });
  let http: McpHttpServerHandle | undefined;
  afterEach(async () => {
    exporter.reset();
    await provider?.close();
    provider = undefined;
    await http?.close();
    http = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const only = (name: string): ReadableSpan => {
    const found = exporter.getFinishedSpans().filter((s) => s.name === name);
    expect(found).toHaveLength(1);
    return found[0];
  };

  it('should inject traceparent into _meta and run the tool under a SERVER span of the same trace', async () => {
    const spanFile = join(dir, 'spans.jsonl');
    const connection = new McpClientConnection({
      name: 'traced',
      transport: {
        type: 'stdio',
        command: process.execPath,
        args: [join(__dirname, '__fixtures__', 'traced-sprout-mcp-server.cjs')],
        env: { SPAN_FILE: spanFile },
        stderr: 'ignore',
      },
    });
    provider = await McpToolCallbackProvider.create({ connections: [connection] });
    const model = new ScriptedChatModel([
      assistantToolCalls([{ id: 'call_1', name: 'echo', arguments: { text: 'hi' } }]),
      assistantText('done'),
    ]);

    await ChatClient.create(model).prompt('echo hi').tools(provider).call().content();

    const agent = only('invoke_agent');
    const tool = only('execute_tool echo');
    const client = only('tools/call echo');
    expect(tool.attributes['gen_ai.tool.type']).toBe('extension');
    expect(tool.parentSpanContext?.spanId).toBe(agent.spanContext().spanId);
    expect(client.kind).toBe(SpanKind.CLIENT);
    expect(client.parentSpanContext?.spanId).toBe(tool.spanContext().spanId);
    expect(client.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'echo' });

    const child = readFileSync(spanFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ChildSpan);
    const server = child.find((s) => s.name === 'tools/call echo');
    expect(server).toMatchObject({
      kind: SpanKind.SERVER,
      traceId: agent.spanContext().traceId,
      parentSpanId: client.spanContext().spanId,
      attributes: { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'echo' },
    });
    // Both ends name the version agreed in `initialize`; stdio has no session id.
    expect(client.attributes['mcp.protocol.version']).toBe(LATEST_PROTOCOL_VERSION);
    expect(server?.attributes['mcp.protocol.version']).toBe(LATEST_PROTOCOL_VERSION);
    expect(client.attributes).not.toHaveProperty('mcp.session.id');
    expect(server?.attributes).not.toHaveProperty('mcp.session.id');
    // The tool in the child ran with the caller's trace active: its answer carries the trace id.
    const answer = model.prompts[1].instructions.at(-1);
    expect(JSON.stringify(answer)).toContain(agent.spanContext().traceId);
  });

  describe('over streamable HTTP on 127.0.0.1', () => {
    const echo = FunctionToolCallback.builder('echo', (input: { text: string }) => input.text)
      .description('Echo the text')
      .inputSchema({ type: 'object', properties: { text: { type: 'string' } } })
      .build();
    const callEcho = async (url: string): Promise<McpClientConnection> => {
      const connection = new McpClientConnection({ name: 'http', transport: { type: 'streamable-http', url } });
      provider = await McpToolCallbackProvider.create({ connections: [connection] });
      const model = new ScriptedChatModel([
        assistantToolCalls([{ id: 'call_1', name: 'echo', arguments: { text: 'hi' } }]),
        assistantText('done'),
      ]);
      await ChatClient.create(model).prompt('echo hi').tools(provider).call().content();
      return connection;
    };
    const spansOf = (kind: SpanKind): ReadableSpan =>
      exporter.getFinishedSpans().filter((s) => s.name === 'tools/call echo' && s.kind === kind)[0];

    it('should put the session id and protocol version on the CLIENT and SERVER spans', async () => {
      http = await new McpToolServer({ toolCallbacks: [echo] }).listen();
      const connection = await callEcho(http.url);

      const client = spansOf(SpanKind.CLIENT);
      const server = spansOf(SpanKind.SERVER);
      expect(connection.sessionId).toMatch(/\S/);
      expect(client.attributes).toMatchObject({
        'mcp.session.id': connection.sessionId,
        'mcp.protocol.version': LATEST_PROTOCOL_VERSION,
      });
      expect(server.attributes).toMatchObject({
        'mcp.session.id': connection.sessionId,
        'mcp.protocol.version': LATEST_PROTOCOL_VERSION,
      });
      expect(server.parentSpanContext?.spanId).toBe(client.spanContext().spanId);
    });

    it('should mark both tools/call spans failed when the tool fails on the server', async () => {
      const fail = FunctionToolCallback.builder('echo', () => {
        throw new Error('out of paper');
      })
        .description('Fails')
        .inputSchema({ type: 'object', properties: { text: { type: 'string' } } })
        .build();
      http = await new McpToolServer({ toolCallbacks: [fail] }).listen();
      await callEcho(http.url);

      for (const span of [spansOf(SpanKind.CLIENT), spansOf(SpanKind.SERVER)]) {
        expect(span.status.code).toBe(SpanStatusCode.ERROR);
        expect(span.attributes['error.type']).toBe('tool_error');
      }
      const tool = exporter.getFinishedSpans().find((s) => s.name === 'execute_tool echo');
      expect(tool?.attributes['sprout.tool.outcome']).toBe('error');
    });

    it("should give a stateless server span the request header's protocol version, no session id", async () => {
      http = await new McpToolServer({ toolCallbacks: [echo] }).listen({ stateless: true });
      const connection = await callEcho(http.url);

      expect(connection.sessionId).toBeUndefined();
      for (const span of [spansOf(SpanKind.CLIENT), spansOf(SpanKind.SERVER)]) {
        expect(span.attributes['mcp.protocol.version']).toBe(LATEST_PROTOCOL_VERSION);
        expect(span.attributes).not.toHaveProperty('mcp.session.id');
      }
    });
  });
});
