import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SproutApplication } from '@sprout-ai/boot';
import { ToolSchemaRegistry } from '@sprout-ai/core';
import { chatCompletion, OpenAiWireServer, type WireChatRequest, type WireTool } from '@sprout-ai/test';
import { OrderGateway } from './order-gateway';
import { createOrderSupportChatClient } from './order-support-cli';
import { orderSupportModule } from './order-support-module';
import type { ToolCallTrace } from './tracing-tool-callback';

const APP_DIR = join(__dirname, '..');
const MANIFEST = join(APP_DIR, 'dist', 'tool-schemas.json');

interface Turn {
  readonly answer: string | undefined;
  readonly requests: readonly WireChatRequest[];
  readonly traces: readonly ToolCallTrace[];
  readonly queryCount: number;
}

/**
 * One user turn through the whole stack: the boot container with the app's module, the real
 * OpenAiChatModel (openai client) over HTTP to a wire server scripted to call getOrderStatus with
 * `orderId`, then to answer with the tool message it got.
 */
async function ask(userId: string | undefined, orderId: string): Promise<Turn> {
  const server = await OpenAiWireServer.start({
    script: [
      chatCompletion({ toolCalls: [{ name: 'getOrderStatus', arguments: { orderId } }] }),
      (body) => chatCompletion({ content: `tool said: ${String(body.messages.at(-1)?.content)}` }),
    ],
  });
  let app: SproutApplication | undefined;
  try {
    app = await SproutApplication.run({
      modules: [orderSupportModule(APP_DIR)],
      propertiesFile: false,
      env: {},
      properties: { 'spring.ai.openai.base-url': server.baseUrl, 'spring.ai.openai.api-key': 'sk-test' },
      schemaManifest: MANIFEST,
      schemaRegistry: new ToolSchemaRegistry(),
    });
    const traces: ToolCallTrace[] = [];
    const spec = createOrderSupportChatClient(app, (trace) => traces.push(trace))
      .prompt()
      .user(`订单 ${orderId} 发货了吗？`);
    const answer = await (userId === undefined ? spec : spec.toolContext({ userId })).call().content();
    return { answer, requests: [...server.requests], traces, queryCount: app.get(OrderGateway).queryCount };
  } finally {
    await app?.close();
    await server.close();
  }
}

function toolMessage(turn: Turn): string {
  const message = turn.requests[1]?.messages.at(-1);
  expect(message?.role).toBe('tool');
  return String(message?.content);
}

describe('order-support over the full stack', () => {
  beforeAll(() => {
    if (!existsSync(MANIFEST)) {
      throw new Error(`Tool schema manifest ${MANIFEST} is missing: run \`npm run build\` first (npm test does).`);
    }
  });

  describe('when the model sees the tools', () => {
    it('should offer getOrderStatus with orderId required and nothing about the user', async () => {
      const turn = await ask('u7', 'A123');
      const tools = turn.requests[0].tools ?? [];
      const tool = tools.find((t: WireTool) => t.function.name === 'getOrderStatus');
      expect(tool?.function.parameters).toMatchObject({ type: 'object', required: ['orderId'] });
      expect(Object.keys(tool?.function.parameters?.properties ?? {})).toEqual(['orderId']);
      expect(JSON.stringify(tools)).not.toMatch(/userId|toolContext/i);
    });
  });

  describe('when u7 asks about their order A123', () => {
    it('should run the tool with the context user and hand 运输中 to the model', async () => {
      const turn = await ask('u7', 'A123');
      expect(JSON.parse(toolMessage(turn))).toMatchObject({ code: 'OK', status: '运输中' });
      expect(turn.answer).toContain('运输中');
      expect(turn.traces).toEqual([expect.objectContaining({ tool: 'getOrderStatus', code: 'OK' })]);
    });
  });

  describe('when u8 asks about u7’s order A123', () => {
    it('should answer NOT_FOUND_OR_FORBIDDEN and never send the status to the model', async () => {
      const turn = await ask('u8', 'A123');
      expect(JSON.parse(toolMessage(turn))).toMatchObject({ code: 'NOT_FOUND_OR_FORBIDDEN' });
      expect(JSON.stringify(turn.requests)).not.toContain('运输中');
      expect(turn.answer).not.toContain('运输中');
    });
  });

  describe('when the order id is malformed', () => {
    it('should answer INVALID_ID without querying the database', async () => {
      const turn = await ask('u7', 'xxx');
      expect(JSON.parse(toolMessage(turn))).toMatchObject({ code: 'INVALID_ID' });
      expect(turn.queryCount).toBe(0);
    });
  });

  describe('when the application closes', () => {
    it('should close the SQLite connection', async () => {
      const app = await SproutApplication.run({
        modules: [orderSupportModule(APP_DIR)],
        propertiesFile: false,
        env: {},
        properties: { 'spring.ai.openai.api-key': 'sk-test' },
        schemaManifest: MANIFEST,
        schemaRegistry: new ToolSchemaRegistry(),
      });
      const gateway = app.get(OrderGateway);
      expect(gateway.findOrder('A123')?.status).toBe('运输中');
      await app.close();
      expect(() => gateway.findOrder('A123')).toThrow(/not open/);
    });
  });

  describe('when the request carries no user', () => {
    it('should answer AUTH_REQUIRED without querying the database', async () => {
      const turn = await ask(undefined, 'A123');
      expect(JSON.parse(toolMessage(turn))).toMatchObject({ code: 'AUTH_REQUIRED' });
      expect(turn.queryCount).toBe(0);
    });
  });
});
