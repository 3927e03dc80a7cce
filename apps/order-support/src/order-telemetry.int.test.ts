import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolSchemaRegistry } from '@sprout-ai/core';
import { OpenAiWireServer, chatCompletion } from '@sprout-ai/test';
import { runOrderSupportCli } from './order-support-cli';

const APP_DIR = join(__dirname, '..');

/** What an OTLP/HTTP JSON receiver got: the spans of every `POST /v1/traces`, with their service. */
interface ReceivedSpan {
  readonly service: string;
  readonly name: string;
  readonly traceId: string;
}

interface OtlpValue {
  readonly stringValue?: string;
}
interface OtlpExportRequest {
  readonly resourceSpans: ReadonlyArray<{
    readonly resource?: { readonly attributes?: ReadonlyArray<{ readonly key: string; readonly value: OtlpValue }> };
    readonly scopeSpans: ReadonlyArray<{
      readonly spans: ReadonlyArray<{ readonly name: string; readonly traceId: string }>;
    }>;
  }>;
}

/**
 * A minimal OTLP/HTTP receiver on 127.0.0.1: it answers `POST /v1/traces` with the JSON encoding of
 * `ExportTraceServiceResponse` (`{}`) and keeps the spans of each `ExportTraceServiceRequest`.
 */
async function startOtlpReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !String(req.headers['content-type']).includes('json')) {
        res.writeHead(415).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExportRequest;
      for (const resource of body.resourceSpans) {
        const service =
          resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '(none)';
        for (const scope of resource.scopeSpans) {
          for (const span of scope.spans) spans.push({ service, name: span.name, traceId: span.traceId });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('order desk telemetry', () => {
  let dir: string;
  let model: OpenAiWireServer;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sprout-trace-'));
    model = await OpenAiWireServer.start({
      script: [
        chatCompletion({
          toolCalls: [{ id: 'call_1', name: 'getOrderStatus', arguments: { orderId: 'A123' } }],
          usage: { promptTokens: 10, completionTokens: 5 },
        }),
        chatCompletion({ content: 'A123 正在运输中。', usage: { promptTokens: 20, completionTokens: 3 } }),
      ],
    });
  });

  afterEach(async () => {
    await model.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function run(
    argv: string[],
    env: Record<string, string> = {},
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const code = await runOrderSupportCli(argv, {
      appDir: APP_DIR,
      env: {
        SPRING_AI_OPENAI_API_KEY: 'sk-test',
        SPRING_AI_OPENAI_BASE_URL: model.baseUrl,
        SPRING_AI_CHAT_MEMORY_REPOSITORY_SQLITE_PATH: join(dir, 'chat-memory.db'),
        ...env,
      },
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      schemaRegistry: new ToolSchemaRegistry(),
    });
    return { code, stdout, stderr };
  }

  describe('--trace', () => {
    it.each([[[]], [['--stream']]])(
      'should print the span tree on stderr after the answer (%j)',
      async (extra: string[]) => {
        const { code, stdout, stderr } = await run(['--user', 'u7', '--trace', ...extra, '订单 A123 发货了吗？']);

        expect(code).toBe(0);
        expect(stdout).toBe('A123 正在运输中。\n');
        const tree = stderr
          .split('\n')
          .filter((line) => /^(invoke_agent|[├└│ ])/.test(line))
          // Durations vary: compare the shape.
          .map((line) => line.replace(/\d+ ms/g, 'N ms'));
        expect(tree).toEqual([
          'invoke_agent  N ms  answer after 2 rounds, tokens 30→8',
          '├─ round 1: chat gpt-4o-mini  N ms  tool_calls, tokens 10→5',
          '├─ tool getOrderStatus {"orderId":"A123"}  success  N ms',
          '└─ round 2: chat gpt-4o-mini  N ms  stop, tokens 20→3',
        ]);
      },
    );
  });

  describe('when OTEL_EXPORTER_OTLP_ENDPOINT is set', () => {
    // The built app in a process of its own, as `npm start` runs it: the OTLP exporter loads
    // node:http with a dynamic import(), which Jest's module sandbox does not allow.
    it('should export the request, model and tool spans of one trace to the OTLP/HTTP receiver', async () => {
      const receiver = await startOtlpReceiver();
      try {
        const code = await new Promise<number>((resolve) => {
          execFile(
            process.execPath,
            [join(APP_DIR, 'dist', 'main.js'), '--user', 'u7', '订单 A123 发货了吗？'],
            {
              env: {
                PATH: process.env.PATH,
                SPRING_AI_OPENAI_API_KEY: 'sk-test',
                SPRING_AI_OPENAI_BASE_URL: model.baseUrl,
                SPRING_AI_CHAT_MEMORY_REPOSITORY_SQLITE_PATH: join(dir, 'chat-memory.db'),
                OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
              },
              timeout: 30_000,
            },
            (error) => resolve(error === null ? 0 : typeof error.code === 'number' ? error.code : 1),
          );
        });

        expect(code).toBe(0);
        expect(receiver.spans.map((s) => s.name).sort()).toEqual([
          'chat gpt-4o-mini',
          'chat gpt-4o-mini',
          'execute_tool getOrderStatus',
          'invoke_agent',
        ]);
        expect(new Set(receiver.spans.map((s) => s.traceId)).size).toBe(1);
        expect(receiver.spans[0].service).toBe('sprout-order-support');
      } finally {
        await receiver.close();
      }
    });
  });
});
