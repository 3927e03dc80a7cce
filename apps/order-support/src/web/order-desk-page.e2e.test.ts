import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ToolSchemaRegistry } from '@sprout-ai/core';
import { OpenAiWireServer, chatCompletion } from '@sprout-ai/test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type OrderDeskServer, startOrderDeskServer } from './order-desk-server';

const APP_DIR = join(__dirname, '..', '..');
/** Screenshots land here (git-ignored), for a person to look at after the run. */
const OUTPUT_DIR = join(APP_DIR, 'test-output');

/** Debian's chromium (scripts/ensure-test-servers.sh installs it), headless, with this machine's closed network in mind. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// A browser start and a page load take seconds on a loaded machine; jest's 5 s default is too short.
jest.setTimeout(60_000);

describe('the order desk page in headless Chromium', () => {
  let server: OrderDeskServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    server = await startOrderDeskServer({
      appDir: APP_DIR,
      env: {},
      properties: {
        'server.port': '0',
        'sprout.web.session-secret': 'e2e-secret',
        'spring.ai.chat.memory.repository.type': 'in-memory',
      },
      schemaRegistry: new ToolSchemaRegistry(),
      log: () => undefined,
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signInAndAsk(user: string, question: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } }); // a phone's width
    await page.goto(server.url);
    await page.getByLabel('Demo user').selectOption(user);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`Signed in as ${user}`).waitFor();
    await page.getByLabel('Your question').fill(question);
    await page.getByLabel('Your question').press('Enter'); // the keyboard asks, no mouse needed
    await page.locator('#messages li.assistant:not([aria-busy])').last().waitFor();
    return page;
  }

  it('should show u7 the getOrderStatus call on the timeline and the streamed answer 运输中', async () => {
    const page = await signInAndAsk('u7', '订单 A123 发货了吗？');

    const call = page.locator('#timeline .call').first();
    await expect(call.getAttribute('data-tool')).resolves.toBe('getOrderStatus');
    await expect(call.getAttribute('class')).resolves.toBe('call success');
    await expect(call.textContent()).resolves.toContain('{"orderId":"A123"}');
    await expect(page.locator('#messages li.assistant').last().textContent()).resolves.toBe(
      '订单 A123 当前状态：运输中。',
    );
    await expect(page.locator('#error').isHidden()).resolves.toBe(true);
    await page.screenshot({ path: join(OUTPUT_DIR, 'order-desk-u7.png'), fullPage: true });
    await page.close();
  });

  it('should show u8 no status of u7’s order', async () => {
    const page = await signInAndAsk('u8', '订单 A123 发货了吗？');

    await expect(page.locator('#timeline .call').first().getAttribute('data-tool')).resolves.toBe('getOrderStatus');
    const answer = await page.locator('#messages li.assistant').last().textContent();
    expect(answer).not.toContain('运输中');
    expect(answer).not.toBe('');
    await page.screenshot({ path: join(OUTPUT_DIR, 'order-desk-u8.png'), fullPage: true });
    await page.close();
  });

  it('should ask u7 to approve cancelOrder, and cancel only after the click', async () => {
    const page = await signInAndAsk('u7', '请取消订单 A200');

    const approve = page.getByRole('button', { name: 'Approve cancelOrder' });
    await approve.waitFor();
    await expect(page.locator('#approval-calls li').first().textContent()).resolves.toContain('"orderId":"A200"');
    await page.screenshot({ path: join(OUTPUT_DIR, 'order-desk-approval.png'), fullPage: true });
    await approve.click();

    await page.getByText('订单 A200 已取消。').waitFor();
    await expect(page.locator('#timeline .call').first().getAttribute('class')).resolves.toBe('call success');
    await expect(page.locator('#approval').isHidden()).resolves.toBe(true);
    await page.close();
  });

  describe('with a model that fails once, then calls two tools in one round', () => {
    let scripted: OrderDeskServer;
    let model: OpenAiWireServer;

    beforeAll(async () => {
      model = await OpenAiWireServer.start({
        script: [
          { status: 503, body: { error: { message: 'overloaded' } } },
          chatCompletion({
            toolCalls: [
              { id: 'call_a', name: 'getOrderStatus', arguments: { orderId: 'A123' } },
              { id: 'call_b', name: 'getOrderStatus', arguments: { orderId: 'A200' } },
            ],
          }),
          chatCompletion({ content: 'A123 运输中，A200 待发货。' }),
        ],
      });
      scripted = await startOrderDeskServer({
        appDir: APP_DIR,
        env: { SPRING_AI_OPENAI_API_KEY: 'sk-test', SPRING_AI_OPENAI_BASE_URL: model.baseUrl },
        properties: {
          'server.port': '0',
          'sprout.web.session-secret': 'e2e-secret',
          'spring.ai.chat.memory.repository.type': 'in-memory',
          'spring.ai.retry.max-attempts': '1',
        },
        schemaRegistry: new ToolSchemaRegistry(),
        log: () => undefined,
      });
    });

    afterAll(async () => {
      await scripted?.close();
      await model?.close();
    });

    it('should show a retryable error naming no endpoint, then the two calls side by side after Retry', async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(scripted.url);
      await page.getByLabel('Demo user').selectOption('u7');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('Your question').fill('A123 和 A200 呢？');
      await page.getByRole('button', { name: 'Ask' }).click();

      const alert = page.getByRole('alert');
      await alert.waitFor();
      await expect(alert.textContent()).resolves.toBe(
        'The assistant cannot reach its model right now. Try again in a moment.',
      );
      await page.getByRole('button', { name: 'Retry' }).click();

      await page.getByText('A123 运输中，A200 待发货。').waitFor();
      const round = page.locator('#timeline .round');
      await expect(round.count()).resolves.toBe(1);
      await expect(round.locator('.call.success').count()).resolves.toBe(2);
      await expect(page.locator('#messages li.user').allTextContents()).resolves.toEqual(['A123 和 A200 呢？']);
      await expect(alert.isHidden()).resolves.toBe(true);
      await page.screenshot({ path: join(OUTPUT_DIR, 'order-desk-parallel-round.png'), fullPage: true });
      await page.close();
    });
  });
});
