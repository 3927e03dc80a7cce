import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ToolCallback } from '@sprout-ai/core';
import { ContainerModule } from 'inversify';
import {
  anthropicMessage,
  AnthropicWireServer,
  type AnthropicWireScriptStep,
  chatCompletion,
  OpenAiWireServer,
  type WireChatRequest,
  type WireScriptStep,
  type WireStepFunction,
} from '@sprout-ai/test';

// The docs' examples, built as a user builds a project (tsc, then sprout-schema) and run from
// dist/ against the public package entries, with an OpenAI-compatible wire server as the model.
type Examples = {
  agentThinking: typeof import('../examples/agent-thinking');
  anthropic: typeof import('../examples/anthropic');
  audit: typeof import('../examples/audit-advisor');
  booking: typeof import('../examples/booking-tools');
  cancellation: typeof import('../examples/cancellation');
  chatMemory: typeof import('../examples/chat-memory');
  core: typeof import('@sprout-ai/core');
  chatClient: typeof import('@sprout-ai/chat-client');
  boot: typeof import('@sprout-ai/boot');
  mcpClock: typeof import('../examples/mcp-clock');
  mcpLibrary: typeof import('../examples/mcp-library-server');
  model: typeof import('../examples/model');
  orderAssistant: typeof import('../examples/order-assistant');
  promptTemplates: typeof import('../examples/prompt-templates');
  roundBudget: typeof import('../examples/round-budget');
  shop: typeof import('../examples/shop-configuration');
  sqliteMemory: typeof import('../examples/sqlite-chat-memory');
  startOrExplain: typeof import('../examples/start-or-explain');
  streaming: typeof import('../examples/streaming');
  structuredOutput: typeof import('../examples/structured-output');
  toolLoop: typeof import('../examples/tool-loop-client');
  toolSearch: typeof import('../examples/tool-search');
  toolSearchVector: typeof import('../examples/tool-search-vector');
  weather: typeof import('../examples/weather-tool');
};

const repoRoot = path.resolve(__dirname, '../..');
const examplesDir = path.join(repoRoot, 'docs/examples');
const distDir = path.join(examplesDir, 'dist');
const manifest = path.join(distDir, 'tool-schemas.json');
const run = promisify(execFile);

let server: OpenAiWireServer;
let steps: WireScriptStep[] = [];
/** The Anthropic-compatible server anthropic.ts talks to, and its answers for the next requests. */
let anthropicServer: AnthropicWireServer;
let anthropicSteps: AnthropicWireScriptStep[] = [];
let examples: Examples;
const savedEnv = { ...process.env };

/** The model's answers for the next requests, in order. */
function script(...next: WireScriptStep[]): void {
  steps = next;
}

/** The requests the wire server received from `since` on. */
const requestsSince = (since: number): readonly WireChatRequest[] => server.requests.slice(since);

/** A step answering with the content of the last tool message the model was sent. */
const echoToolResult: WireStepFunction = (body) =>
  chatCompletion({ content: `tool said ${String(body.messages.at(-1)?.content)}` });

/** Runs a build tool from node_modules; a failure (a type error, a schema error) carries the tool's output. */
async function build(script: string, args: readonly string[]): Promise<void> {
  try {
    await run(process.execPath, [path.join(repoRoot, 'node_modules', script), ...args]);
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${path.basename(script)} failed on docs/examples:\n${stdout}${stderr}`, { cause: error });
  }
}

function load<T>(name: string): Promise<T> {
  return import(path.join(distDir, `${name}.js`)) as Promise<T>;
}

beforeAll(async () => {
  // One after the other, not side by side: the other Jest projects share the machine.
  await build('typescript/bin/tsc', ['-p', examplesDir]);
  await build('.bin/sprout-schema', ['--project', path.join(examplesDir, 'tsconfig.json'), '--out', manifest]);
  server = await OpenAiWireServer.start({
    handler: (body, index, context) => {
      const step = steps.shift();
      if (step === undefined) return { status: 500, body: { error: { message: 'the test scripted no more answers' } } };
      return typeof step === 'function' ? step(body, index, context) : step;
    },
  });
  anthropicServer = await AnthropicWireServer.start({
    handler: (body, index, context) => {
      const step = anthropicSteps.shift();
      if (step === undefined) return { status: 500, body: { type: 'error', error: { type: 'x', message: 'no more' } } };
      return typeof step === 'function' ? step(body, index, context) : step;
    },
  });
  // model.ts reads OPENAI_*; the container reads SPRING_AI_OPENAI_*; anthropic.ts reads ANTHROPIC_*.
  Object.assign(process.env, {
    ANTHROPIC_BASE_URL: anthropicServer.baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-docs-test',
    OPENAI_BASE_URL: server.baseUrl,
    OPENAI_API_KEY: 'sk-docs-test',
    SPRING_AI_OPENAI_BASE_URL: server.baseUrl,
    SPRING_AI_OPENAI_API_KEY: 'sk-docs-test',
  });
  const anthropic = await load<Examples['anthropic']>('anthropic');
  // anthropic.ts read its key when loaded; the container examples must see OpenAI's key alone.
  delete process.env.ANTHROPIC_API_KEY;
  examples = {
    agentThinking: await load('agent-thinking'),
    anthropic,
    audit: await load('audit-advisor'),
    booking: await load('booking-tools'),
    cancellation: await load('cancellation'),
    chatMemory: await load('chat-memory'),
    core: await import('@sprout-ai/core'),
    chatClient: await import('@sprout-ai/chat-client'),
    boot: await import('@sprout-ai/boot'),
    mcpClock: await load('mcp-clock'),
    mcpLibrary: await load('mcp-library-server'),
    model: await load('model'),
    orderAssistant: await load('order-assistant'),
    promptTemplates: await load('prompt-templates'),
    roundBudget: await load('round-budget'),
    shop: await load('shop-configuration'),
    sqliteMemory: await load('sqlite-chat-memory'),
    startOrExplain: await load('start-or-explain'),
    streaming: await load('streaming'),
    structuredOutput: await load('structured-output'),
    toolLoop: await load('tool-loop-client'),
    toolSearch: await load('tool-search'),
    toolSearchVector: await load('tool-search-vector'),
    weather: await load('weather-tool'),
  };
}, 120_000);

afterAll(async () => {
  process.env = savedEnv;
  await server?.close();
  await anthropicServer?.close();
});

afterEach(() => {
  jest.restoreAllMocks();
  expect(steps).toEqual([]); // every scripted answer was asked for
  expect(anthropicSteps).toEqual([]);
});

describe('order-assistant.ts (README, getting started)', () => {
  it("should answer from the tool's result and keep the tool context out of the schema", async () => {
    const since = server.requests.length;
    script(
      chatCompletion({ toolCalls: [{ id: 'call_1', name: 'getOrderStatus', arguments: { orderId: 'A123' } }] }),
      echoToolResult,
    );

    const answer = await examples.orderAssistant.ask('Has order A123 shipped?', 'u7');

    expect(answer).toBe('tool said {"code":"OK","status":"shipped"}');
    const [first] = requestsSince(since);
    expect(first.tools?.[0].function.parameters).toEqual({
      type: 'object',
      properties: { orderId: { type: 'string', description: 'Order id, e.g. A123' } },
      required: ['orderId'],
      additionalProperties: false,
    });
  });

  it("should not reveal another user's order", async () => {
    script(chatCompletion({ toolCalls: [{ name: 'getOrderStatus', arguments: { orderId: 'A123' } }] }), echoToolResult);

    await expect(examples.orderAssistant.ask('Has order A123 shipped?', 'u8')).resolves.toBe(
      'tool said {"code":"NOT_FOUND_OR_FORBIDDEN"}',
    );
  });
});

describe('weather-tool.ts (getting started, tools and schemas)', () => {
  it('should run the function tool with the parsed arguments', async () => {
    script(chatCompletion({ toolCalls: [{ name: 'getWeather', arguments: { city: 'Lyon' } }] }), echoToolResult);

    await expect(examples.weather.askWeather('Weather in Lyon?')).resolves.toBe(
      'tool said {"city":"Lyon","celsius":21}',
    );
  });
});

describe('agent-thinking.ts (tools and schemas: argument augmentation)', () => {
  it('should offer the extra fields, hand them to the consumer and run the tool without them', async () => {
    const since = server.requests.length;
    script(
      chatCompletion({
        toolCalls: [
          {
            name: 'getTemperature',
            arguments: { city: 'Lyon', innerThought: 'The user asked about Lyon', confidence: 'high' },
          },
        ],
      }),
      echoToolResult,
    );

    await expect(examples.agentThinking.askForecast('How warm is Lyon?')).resolves.toBe(
      'tool said {"city":"Lyon","celsius":21}',
    );

    expect(examples.agentThinking.reasoningLog).toEqual(['getTemperature: The user asked about Lyon (high)']);
    expect(requestsSince(since)[0].tools?.[0].function.parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name, e.g. Lyon' },
        innerThought: { type: 'string', description: 'Your reasoning for calling this tool' },
        confidence: { type: 'string', enum: ['low', 'medium', 'high'], description: 'How sure you are' },
      },
      required: ['city', 'innerThought'],
      additionalProperties: false,
    });
  });
});

describe('booking-tools.ts (tools and schemas)', () => {
  let book: ToolCallback;

  beforeAll(() => {
    examples.core.toolSchemaRegistry.loadFile(manifest);
    [book] = examples.core.ToolCallbacks.from(new examples.booking.BookingTools());
  });

  it('should write the schema tools-and-schemas.md shows', () => {
    const page = readFileSync(path.join(repoRoot, 'docs/tools-and-schemas.md'), 'utf8');
    const shown = /<!-- schema: BookingTools\.book -->\n```json\n([\s\S]*?)\n```/.exec(page)?.[1];
    const written = examples.core.toolSchemaRegistry.get('BookingTools', 'book')?.inputSchema;

    expect(JSON.parse(shown ?? 'null')).toEqual(written);
  });

  it('should report every violation, schema and class-validator, in one message', async () => {
    const booking = { email: 'ada', seats: 0, company: 'Initech', guest: { name: 'Ada Lovelace' } };

    await expect(book.call(JSON.stringify({ booking, nights: 2, roomType: 'single' }))).rejects.toThrow(
      'Invalid arguments for tool \'book\': /booking/email must match format "email"; /booking/seats must be >= 1; ' +
        '/booking/company must contain a ACME string (contains). Fix the arguments and call the tool again.',
    );
  });

  it('should coerce a number sent as text and read null as absent', async () => {
    const booking = { email: 'ada@acme.example', seats: 2, company: 'ACME Travel', guest: { name: 'Ada Lovelace' } };

    await expect(book.call(JSON.stringify({ booking, nights: '3', roomType: 'double', note: null }))).resolves.toBe(
      '{"confirmation":"B-2x3-double"}',
    );
  });
});

describe('tool-loop-client.ts (the tool loop)', () => {
  it("should run both calls of the round and answer them in the model's order", async () => {
    const since = server.requests.length;
    script(
      chatCompletion({
        toolCalls: [
          { id: 'call_pay', name: 'book', arguments: { payment: { amountCents: 4000, payee: 'Hotel Lyon' } } },
          { id: 'call_weather', name: 'getWeather', arguments: { city: 'Lyon' } },
        ],
      }),
      chatCompletion({ content: 'Paid (R-1); 21 °C in Lyon.' }),
    );

    await expect(examples.toolLoop.payAndCheckWeather()).resolves.toBe('Paid (R-1); 21 °C in Lyon.');

    const toolMessages = requestsSince(since)[1].messages.filter((message) => message.role === 'tool');
    expect(toolMessages.map((message) => [message.tool_call_id, message.content])).toEqual([
      ['call_pay', '{"receiptId":"R-1","amountCents":4000}'],
      ['call_weather', '{"city":"Lyon","celsius":21}'],
    ]);
  });
});

describe('cancellation.ts (the tool loop)', () => {
  it('should give up when the signal times out, closing the request', async () => {
    const since = server.recordedRequests.length;
    script(async (_body, _index, { signal }) => {
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
      return chatCompletion({ content: 'too late' });
    });
    const chatClient = examples.chatClient.ChatClient.create(examples.model.chatModel);

    await expect(examples.cancellation.askWithin(chatClient, 'Where is A123?', 200)).resolves.toBe(
      'No answer within 0.2 s; please try again.',
    );
    await expect(server.recordedRequests[since].ended).resolves.toBe('closed-by-client');
  });
});

describe('streaming.ts (streaming)', () => {
  it('should print the answer as it arrives and trace each tool call', async () => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => stdout.push(String(chunk)) > 0);
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void stderr.push(args.join(' ')));
    script(
      chatCompletion({ toolCalls: [{ name: 'getWeather', arguments: { city: 'Lyon' } }] }),
      chatCompletion({ content: 'It is 21 °C in Lyon right now.' }),
    );

    await examples.streaming.streamWeather('Weather in Lyon?');

    expect(stdout.length).toBeGreaterThan(2); // streamed in pieces
    expect(stdout.join('')).toBe('It is 21 °C in Lyon right now.\n');
    expect(stderr[0]).toBe('calling getWeather {"city":"Lyon"}');
    expect(stderr[1]).toMatch(/^getWeather success \d+\.\d ms$/);
  });
});

describe('chat-memory.ts (chat memory)', () => {
  it('should send the earlier turns of the same conversation only', async () => {
    const since = server.requests.length;
    script(
      chatCompletion({ content: 'Hello Ada.' }),
      chatCompletion({ content: 'You are Ada.' }),
      chatCompletion({ content: 'I do not know.' }),
    );

    await examples.chatMemory.chat('c-42', 'My name is Ada.');
    await examples.chatMemory.chat('c-42', 'What is my name?');
    await examples.chatMemory.chat('c-43', 'What is my name?');

    const [, second, other] = requestsSince(since);
    expect(second.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'My name is Ada.'],
      ['assistant', 'Hello Ada.'],
      ['user', 'What is my name?'],
    ]);
    expect(other.messages).toHaveLength(1);
  });
});

describe('tool-search.ts (tool search)', () => {
  const toolNames = (request: WireChatRequest) => (request.tools ?? []).map((tool) => tool.function.name);

  it('should send toolSearchTool, then the tools found, and keep them for the next turn', async () => {
    const since = server.requests.length;
    script(
      chatCompletion({ toolCalls: [{ name: 'toolSearchTool', arguments: { query: 'cancel an order' } }] }),
      chatCompletion({ toolCalls: [{ name: 'cancelOrder', arguments: { orderId: 'A123' } }] }),
      echoToolResult,
      chatCompletion({ toolCalls: [{ name: 'getOrderStatus', arguments: { orderId: 'B7' } }] }),
      echoToolResult,
    );

    expect(await examples.toolSearch.ask('c-1', 'Cancel A123')).toBe('tool said "A123 cancelled"');
    expect(await examples.toolSearch.ask('c-1', 'And where is B7?')).toBe('tool said "B7 is in transit"');

    const requests = requestsSince(since);
    expect(toolNames(requests[0])).toEqual(['toolSearchTool']);
    expect(toolNames(requests[1])).toEqual(['toolSearchTool', 'getOrderStatus', 'cancelOrder']);
    expect(toolNames(requests[3])).toEqual(toolNames(requests[1]));
  });
});

describe('tool-search-vector.ts (tool search)', () => {
  it('should embed the tools and the query through /v1/embeddings and send the tool found', async () => {
    const since = server.requests.length;
    const embeddingsSince = server.embeddingRequests.length;
    script(
      chatCompletion({ toolCalls: [{ name: 'toolSearchTool', arguments: { query: 'hold parcel at the depot' } }] }),
      chatCompletion({ toolCalls: [{ name: 'holdParcel', arguments: { parcelId: 'P9' } }] }),
      echoToolResult,
    );

    expect(await examples.toolSearchVector.askByMeaning('v-1', 'Do not deliver P9 yet')).toBe(
      'tool said "P9 held at the depot"',
    );

    const requests = requestsSince(since);
    expect((requests[1].tools ?? []).map((tool) => tool.function.name)).toEqual(['toolSearchTool', 'holdParcel']);
    expect(server.embeddingRequests.slice(embeddingsSince).map((r) => [r.model, r.input])).toEqual([
      ['text-embedding-3-small', ['hold parcel: Stop a parcel before delivery and keep it at the depot']],
      ['text-embedding-3-small', ['hold parcel at the depot']],
    ]);
  });
});

describe('sqlite-chat-memory.ts (chat memory)', () => {
  it('should keep a conversation in the file across instances', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sprout-docs-'));
    try {
      const file = path.join(dir, 'chat-memory.db');
      const first = examples.sqliteMemory.openChatMemory(file);
      await first.chatMemory.add('c-1', [new examples.core.UserMessage('Remember A123.')]);
      first.close();

      const second = examples.sqliteMemory.openChatMemory(file);
      const messages = await second.chatMemory.get('c-1');
      second.close();

      expect(messages).toEqual([new examples.core.UserMessage('Remember A123.')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mcp-clock.ts (MCP)', () => {
  it("should call the server's tool over streamable HTTP", async () => {
    const mcpServer = await examples.mcpClock.serveClock(0);
    try {
      script(chatCompletion({ toolCalls: [{ name: 'now', arguments: { timeZone: 'Europe/Paris' } }] }), echoToolResult);

      const answer = await examples.mcpClock.askClock(mcpServer.url, 'What time is it in Paris?');

      expect(answer).toMatch(/^tool said \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
    } finally {
      await mcpServer.close();
    }
  });
});

describe('mcp-library-server.ts (MCP server features)', () => {
  it('should serve structured output, parts, a resource template, a prompt and completions', async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    const mcpServer = await examples.mcpLibrary.serveLibrary(0);
    const client = new Client({ name: 'docs-test', version: '1' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(mcpServer.url)));
      const { tools } = await client.listTools();
      expect(tools[0]).toMatchObject({ name: 'stock', title: 'Stock', outputSchema: { required: ['isbn', 'copies'] } });
      expect((await client.callTool({ name: 'stock', arguments: { isbn: '978-1' } })).structuredContent).toEqual({
        isbn: '978-1',
        copies: 3,
      });
      const cover = await client.callTool({ name: 'cover', arguments: { isbn: '978-1' } });
      expect((cover.content as { type: string }[]).map((part) => part.type)).toEqual(['text', 'image']);
      const book = await client.readResource({ uri: 'library://books/978-2' });
      expect(book.contents[0]).toMatchObject({ text: '{"isbn":"978-2","title":"Dune"}' });
      const prompt = await client.getPrompt({ name: 'review', arguments: { isbn: '978-1' } });
      expect(prompt.messages[0].content).toEqual({ type: 'text', text: 'Write a short review of the book 978-1.' });
      const completion = await client.complete({
        ref: { type: 'ref/prompt', name: 'review' },
        argument: { name: 'isbn', value: '978-2' },
      });
      expect(completion.completion.values).toEqual(['978-2']);
    } finally {
      await client.close();
      await mcpServer.close();
    }
  });
});

describe('round-budget.ts (replacing the loop)', () => {
  it.each(['roundBudgetModule', 'roundBudgetAdvisorModule'] as const)(
    'should make the model answer after three tool rounds (%s)',
    async (moduleName) => {
      const since = server.requests.length;
      const toolCall = () =>
        chatCompletion({ toolCalls: [{ name: 'getOrderStatus', arguments: { orderId: 'A123' } }] });
      script(toolCall(), toolCall(), toolCall(), chatCompletion({ content: 'Shipped.' }));
      const tools = new ContainerModule(({ bind }) => void bind(examples.orderAssistant.OrderTools).toSelf());
      const app = await examples.boot.SproutApplication.run({
        modules: [examples.roundBudget[moduleName], tools],
        schemaManifest: manifest,
        propertiesFile: false,
      });
      try {
        await expect(app.chatClient().prompt('Has A123 shipped?').call().content()).resolves.toBe('Shipped.');
      } finally {
        await app.close();
      }

      expect(requestsSince(since).map((request) => request.tool_choice)).toEqual([
        undefined,
        undefined,
        undefined,
        'none',
      ]);
    },
  );
});

describe('audit-advisor.ts (replacing the loop)', () => {
  it('should see the answer of the whole turn', async () => {
    const lines: string[] = [];
    jest.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    script(
      chatCompletion({ toolCalls: [{ name: 'getWeather', arguments: { city: 'Lyon' } }] }),
      chatCompletion({ content: '21 °C.', usage: { promptTokens: 30, completionTokens: 4 } }),
    );
    const chatClient = examples.chatClient.ChatClient.builder(examples.model.chatModel)
      .defaultAdvisors(examples.audit.auditAdvisor)
      .build();

    await chatClient.prompt('Weather in Lyon?').toolCallbacks(examples.weather.weatherTool).call().content();

    expect(lines).toEqual(['answer finish=stop tokens=34']);
  });
});

describe('shop-configuration.ts (configuration)', () => {
  it('should read your own keys from the file and the environment', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sprout-docs-'));
    writeFileSync(path.join(dir, 'application.properties'), 'shop.currency=CHF\nshop.order-timeout=10s\n');
    process.env.SHOP_ORDER_TIMEOUT = '2m';
    try {
      const app = await examples.shop.startShop(dir);
      const shop = app.get(examples.shop.Shop);
      await app.close();

      expect([shop.currency, shop.orderTimeoutMs]).toEqual(['CHF', 120_000]);
      expect(app.properties.toolCalling.execution.timeoutMs).toBe(30_000);
    } finally {
      delete process.env.SHOP_ORDER_TIMEOUT;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('prompt-templates.ts (getting started)', () => {
  it("should send the templates filled with the default's and the request's parameters", async () => {
    const since = server.requests.length;
    script(chatCompletion({ content: 'On its way.' }));

    await expect(examples.promptTemplates.askAboutOrder('u7', 'A123')).resolves.toBe('On its way.');

    expect(requestsSince(since)[0].messages).toEqual([
      { role: 'system', content: 'You are the order desk of Sprout Shop. The customer is u7.' },
      { role: 'user', content: 'Where is my order A123?' },
    ]);
  });
});

describe('structured-output.ts (structured output)', () => {
  it('should run the tool, send the schema natively, and return an instance after one retry', async () => {
    const since = server.requests.length;
    script(
      chatCompletion({ toolCalls: [{ id: 'call_w', name: 'getWeather', arguments: { city: 'Lyon' } }] }),
      chatCompletion({ content: '{"city":"Lyon","celsius":"warm","pack":[]}' }),
      chatCompletion({ content: '{"city":"Lyon","celsius":21,"pack":["sunglasses"]}' }),
    );

    const advice = await examples.structuredOutput.adviseTrip('Going to Lyon, what to pack?');

    expect(advice).toBeInstanceOf(examples.structuredOutput.TripAdvice);
    expect(advice.summary()).toBe('Lyon, 21 °C: pack sunglasses');
    const requests = requestsSince(since);
    expect(requests).toHaveLength(3);
    expect(requests[0].response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'TripAdvice', strict: true, schema: { required: ['city', 'celsius', 'pack'] } },
    });
    expect(requests[2].messages.find((m) => m.role === 'user')).toMatchObject({
      content: 'Going to Lyon, what to pack?\nOutput JSON validation failed because of: /celsius must be number',
    });
  });
});

describe('start-or-explain.ts (errors)', () => {
  it('should name the property, where it was set and what it allows', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sprout-docs-'));
    const file = path.join(dir, 'application.properties');
    writeFileSync(file, 'spring.ai.tools.limits.max-total-tool-calls=abc\n');
    try {
      await expect(examples.startOrExplain.startOrExplain({ propertiesFile: file })).resolves.toBe(
        `Set spring.ai.tools.limits.max-total-tool-calls (${file}:1) to a positive integer or -1 (unlimited).`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("should give another Sprout error's message, which says how to fix it", async () => {
    const missing = path.join(tmpdir(), 'sprout-docs-no-such-dir', 'application.properties');

    await expect(examples.startOrExplain.startOrExplain({ propertiesFile: missing })).resolves.toBe(
      `Cannot read properties file '${missing}': it does not exist. Fix the path, or omit 'propertiesFile' to use ` +
        './application.properties when present.',
    );
  });
});

describe('anthropic.ts (Anthropic)', () => {
  const toolRound = () => [
    anthropicMessage({ toolUses: [{ id: 'toolu_1', name: 'getOrderStatus', input: { orderId: 'A123' } }] }),
    anthropicMessage({ text: 'A123 has shipped.' }),
  ];

  it('should run the tool loop over the Messages API, the result going back as a tool_result block', async () => {
    const since = anthropicServer.requests.length;
    anthropicSteps = toolRound();

    await expect(examples.anthropic.askClaude('Has A123 shipped?')).resolves.toBe('A123 has shipped.');

    const [first, second] = anthropicServer.requests.slice(since);
    expect(first).toMatchObject({ model: 'claude-haiku-4-5', max_tokens: 1024 });
    expect(first.tools?.map((tool) => tool.name)).toEqual(['getOrderStatus']);
    expect(second.messages.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '{"orderId":"A123","status":"shipped"}' }],
    });
  });

  it('should stream the answer', async () => {
    anthropicSteps = toolRound();
    const texts: string[] = [];

    await examples.anthropic.streamClaude('Has A123 shipped?', (text) => texts.push(text));

    expect(texts.join('')).toBe('A123 has shipped.');
  });
});
