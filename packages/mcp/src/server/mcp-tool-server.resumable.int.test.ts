import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ConfigurationError, FunctionToolCallback, type ToolContext } from '@sprout-ai/core';
import { errorOf } from '@sprout-ai/test';
import { McpClientConnection } from '../client/mcp-client-connection';
import { McpToolCallbackProvider } from '../client/mcp-tool-callback-provider';
import { InMemoryMcpEventStore } from './in-memory-mcp-event-store';
import { McpRequestContext } from './mcp-request-context';
import { type McpHttpServerHandle, McpToolServer } from './mcp-tool-server';

// Real server on 127.0.0.1, raw HTTP and the SDK client; generous for a loaded machine (speed is not asserted).
jest.setTimeout(30_000);

interface SseEvent {
  readonly id?: string;
  readonly retry?: number;
  readonly data: string;
}

/** Reads SSE events from a response body until it ends or `until` returns true. */
async function readEvents(response: Response, until: (event: SseEvent) => boolean = () => false): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return events;
      buffered += value;
      let end: number;
      while ((end = buffered.indexOf('\n\n')) !== -1) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (block.startsWith(':')) continue; // keep-alive comment
        const field = (name: string) =>
          block
            .split('\n')
            .filter((line) => line.startsWith(`${name}:`))
            .map((line) => line.slice(name.length + 1).trim());
        const event: SseEvent = {
          ...(field('id').length > 0 ? { id: field('id')[0] } : {}),
          ...(field('retry').length > 0 ? { retry: Number(field('retry')[0]) } : {}),
          data: field('data').join('\n'),
        };
        events.push(event);
        if (until(event)) return events;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** A raw streamable HTTP client session: initialize, then requests with the session id. */
async function openSession(url: string, protocolVersion: string) {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const initialized = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
  const sessionId = initialized.headers.get('mcp-session-id')!;
  await readEvents(initialized, (e) => e.data.includes('"result"'));
  const sessionHeaders = { ...headers, 'mcp-session-id': sessionId, 'mcp-protocol-version': protocolVersion };
  await fetch(url, {
    method: 'POST',
    headers: sessionHeaders,
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  return {
    sessionId,
    callTool: (name: string) =>
      fetch(url, {
        method: 'POST',
        headers: sessionHeaders,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name, arguments: {}, _meta: { progressToken: 'p' } },
        }),
      }),
    resume: (lastEventId: string, sessionIdToUse = sessionId) =>
      fetch(url, {
        headers: {
          accept: 'text/event-stream',
          'mcp-session-id': sessionIdToUse,
          'mcp-protocol-version': protocolVersion,
          'last-event-id': lastEventId,
        },
      }),
  };
}

const isResult = (event: SseEvent) => event.data.includes('"result"');

/**
 * A tool that reports progress, closes its SSE stream, then waits for `release()` before it logs
 * and returns: what it sends after the close reaches the client only through a resumed stream.
 */
function pollingTool() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const closed: boolean[] = [];
  const callback = FunctionToolCallback.builder('longTask', async (_input: object, toolContext: ToolContext) => {
    const mcp = McpRequestContext.from(toolContext);
    await mcp.progress(1, 2, 'half way');
    closed.push(mcp.closeSseStream());
    await released;
    await mcp.log('info', 'after the close');
    return 'long task done';
  })
    .description('Works long, off its stream')
    .build();
  return { callback, release, closed };
}

describe('McpToolServer.listen({ eventStore }): resumable streams (SEP-1699)', () => {
  let http: McpHttpServerHandle | undefined;
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    await http?.close();
    client = http = undefined;
  });

  it('should prime the stream, let the tool close it, and replay the rest after Last-Event-ID', async () => {
    const tool = pollingTool();
    http = await new McpToolServer({ toolCallbacks: [tool.callback] }).listen({
      eventStore: new InMemoryMcpEventStore(),
      retryIntervalMs: 250,
    });
    const session = await openSession(http.url, '2025-11-25');

    const before = await readEvents(await session.callTool('longTask')); // ends when the tool closes it
    tool.release();

    expect(tool.closed).toEqual([true]);
    expect(before).toEqual([
      { id: expect.any(String), retry: 250, data: '' },
      { id: expect.any(String), data: expect.stringContaining('"notifications/progress"') },
    ]);
    const after = await readEvents(await session.resume(before[1].id!), isResult);
    expect(after.map((e) => JSON.parse(e.data) as unknown)).toEqual([
      expect.objectContaining({ method: 'notifications/message', params: { level: 'info', data: 'after the close' } }),
      expect.objectContaining({ id: 1, result: { content: [{ type: 'text', text: '"long task done"' }] } }),
    ]);
    expect(after.every((e) => e.id !== undefined)).toBe(true);
  });

  it("should give the SDK client a tool's result after the tool closed its stream", async () => {
    const tool = pollingTool();
    http = await new McpToolServer({ toolCallbacks: [tool.callback] }).listen({
      eventStore: new InMemoryMcpEventStore(),
      retryIntervalMs: 10,
    });
    client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));

    const result = client.callTool({ name: 'longTask', arguments: {} }, undefined, {
      onprogress: () => tool.release(), // sent just before the close
    });

    expect((await result).content).toEqual([{ type: 'text', text: '"long task done"' }]);
    expect(tool.closed).toEqual([true]);
  });

  it("should give Sprout's own MCP client the result of a tool that closed its stream", async () => {
    const tool = pollingTool();
    tool.release(); // the tool answers right after the close: the client finds it on the resumed stream
    http = await new McpToolServer({ toolCallbacks: [tool.callback] }).listen({
      eventStore: new InMemoryMcpEventStore(),
      retryIntervalMs: 10,
    });
    const connection = new McpClientConnection({ name: 'jobs', transport: { type: 'streamable-http', url: http.url } });
    const provider = await McpToolCallbackProvider.create({ connections: [connection] });
    try {
      const [longTask] = provider.getToolCallbacks();

      expect(await longTask.call('{}')).toBe('"long task done"');
      expect(tool.closed).toEqual([true]);
    } finally {
      await provider.close();
    }
  });

  it("should refuse to replay another session's events", async () => {
    const tool = pollingTool();
    http = await new McpToolServer({ toolCallbacks: [tool.callback] }).listen({
      eventStore: new InMemoryMcpEventStore(),
    });
    const first = await openSession(http.url, '2025-11-25');
    const second = await openSession(http.url, '2025-11-25');
    const [priming] = await readEvents(await first.callTool('longTask'));
    tool.release();

    const stolen = await first.resume(priming.id!, second.sessionId);

    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({ error: { message: 'Invalid event ID format' } });
  });

  it('should keep the stream open for a client older than 2025-11-25 (it cannot resume)', async () => {
    const tool = pollingTool();
    http = await new McpToolServer({ toolCallbacks: [tool.callback] }).listen({
      eventStore: new InMemoryMcpEventStore(),
    });
    const session = await openSession(http.url, '2025-06-18');

    const events = readEvents(await session.callTool('longTask'), isResult);
    tool.release();

    expect((await events).map((e) => JSON.parse(e.data) as { method?: string; id?: number })).toEqual([
      expect.objectContaining({ method: 'notifications/progress' }),
      expect.objectContaining({ method: 'notifications/message' }),
      expect.objectContaining({ id: 1 }),
    ]);
    expect(tool.closed).toEqual([false]);
  });

  it('should not prime streams or let tools close them without an event store', async () => {
    const tool = pollingTool();
    http = await new McpToolServer({ toolCallbacks: [tool.callback] }).listen();
    const session = await openSession(http.url, '2025-11-25');

    const events = readEvents(await session.callTool('longTask'), isResult);
    tool.release();

    expect((await events).every((e) => e.id === undefined && e.data !== '')).toBe(true);
    expect(tool.closed).toEqual([false]);
  });

  it('should refuse an event store on a stateless server, and a retry interval that is not a positive integer', async () => {
    const server = new McpToolServer({ toolCallbacks: [] });

    expect(
      await errorOf(server.listen({ stateless: true, eventStore: new InMemoryMcpEventStore() }), ConfigurationError),
    ).toMatchObject({ setting: 'eventStore' });
    expect(
      await errorOf(
        server.listen({ eventStore: new InMemoryMcpEventStore(), retryIntervalMs: 0.5 }),
        ConfigurationError,
      ),
    ).toMatchObject({ setting: 'retryIntervalMs', value: 0.5 });
  });
});
