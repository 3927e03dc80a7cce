import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

// These tests run the **built** packages (`packages/*/dist`, through their `exports` maps) in a fresh
// `node` process: this jest process has every library loaded already. `npm test` builds before
// running jest; after editing sources, run `npm run build` before `npx jest --selectProjects boot`.

const ROOT = resolve(__dirname, '../../..');
const PACKAGES = ['core', 'openai', 'anthropic', 'mcp', 'chat-client', 'chat-memory', 'boot'] as const;

/** Libraries too costly to load at start-up: each is loaded when the feature that needs it is first used. */
const HEAVY_LIBRARIES = [
  'ajv',
  'ajv-formats',
  'jsonrepair',
  'class-validator',
  'validator',
  'libphonenumber-js',
  'class-transformer',
  'openai',
  '@anthropic-ai/sdk',
  'zod',
  'zod-to-json-schema',
  '@modelcontextprotocol/sdk',
  'hono',
  '@hono/node-server',
  'ioredis',
  'better-sqlite3',
];

/** `@sprout-ai/<pkg>`, once its build exists (required by name, so its `exports` map is used). */
function entry(pkg: string): string {
  const file = join(ROOT, 'packages', pkg, 'dist', 'index.js');
  if (!existsSync(file)) {
    throw new Error(`${file} does not exist: run \`npm run build\` first (\`npm test\` does).`);
  }
  return `@sprout-ai/${pkg}`;
}

/** A built module of core that is on no entry point, for the steps that call it directly. */
function coreModule(path: string): string {
  return join(ROOT, 'packages/core/dist', path);
}

/** Defines `heavyLoaded()`: the heavy libraries in `require.cache`, by package name, sorted. */
const PRELUDE = `
const heavy = new Set(${JSON.stringify(HEAVY_LIBRARIES)});
function heavyLoaded() {
  const found = new Set();
  for (const file of Object.keys(require.cache)) {
    const path = file.replace(/\\\\/g, '/');
    const at = path.lastIndexOf('/node_modules/');
    if (at < 0) continue;
    const [scope, name] = path.slice(at + '/node_modules/'.length).split('/');
    const pkg = scope.startsWith('@') ? scope + '/' + name : scope;
    if (heavy.has(pkg)) found.add(pkg);
  }
  return [...found].sort();
}
`;

/** Runs `script` (after {@link PRELUDE}) in a new node process from the repository root; returns its stdout as JSON. */
async function runNode(script: string): Promise<unknown> {
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', PRELUDE + script], {
    cwd: ROOT,
    timeout: 30_000,
    env: { ...process.env, SPROUT_LOG_LEVEL: 'silent' },
  });
  return JSON.parse(stdout) as unknown;
}

/**
 * Uses each feature in turn and records, per step, the heavy libraries it loaded and what it
 * returned, e.g. `{ ajv: { loaded: ['ajv', 'ajv-formats'], result: '…' } }`.
 */
const FEATURE_SCRIPT = (dist: (pkg: string) => string) => `
const { createServer } = require('node:net');
require(${JSON.stringify(dist('boot'))});
const core = require(${JSON.stringify(dist('core'))});
const { ToolArgumentsParser } = require('@sprout-ai/core/internal');
const { repairToolArguments } = require(${JSON.stringify(coreModule('tool/execution/repair-tool-arguments.js'))});
const { classValidatorSchema } = require(${JSON.stringify(coreModule('tool/schema/runtime-tool-method-schema.js'))});
const { OpenAiChatModel } = require(${JSON.stringify(dist('openai'))});
const { AnthropicChatModel } = require(${JSON.stringify(dist('anthropic'))});
const { McpClientConnection, McpToolServer } = require(${JSON.stringify(dist('mcp'))});
const { SqliteChatMemoryRepository, RedisChatMemoryRepository } = require(${JSON.stringify(dist('chat-memory'))});

const steps = { boot: { loaded: heavyLoaded() } };
async function step(name, run) {
  const before = new Set(heavyLoaded());
  let result;
  try {
    result = await run();
  } catch (error) {
    result = { error: error.constructor.name, message: error.message };
  }
  steps[name] = { loaded: heavyLoaded().filter((pkg) => !before.has(pkg)), result };
}
/** A port nothing listens on. */
async function closedPort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

(async () => {
  await step('ajv', () =>
    new ToolArgumentsParser({
      name: 'setCount',
      description: 'Sets the count',
      inputSchema: JSON.stringify({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }),
    }).parse('{"n":"many"}'),
  );
  await step('jsonrepair', () => repairToolArguments("{'n': 1,}"));
  await step('classValidatorSchema', () => {
    const defs = {};
    const ref = classValidatorSchema(class Empty {}, defs);
    return { ref, defs };
  });

  // A plain JavaScript tool class with a DTO parameter, as the runtime schema fallback supports it.
  // The DTO's class-validator decorators are the user's code (loaded above already).
  const { IsUppercase } = require(require.resolve('class-validator', { paths: [${JSON.stringify(join(ROOT, 'packages/core'))}] }));
  class Signup {}
  Reflect.decorate([IsUppercase()], Signup.prototype, 'code', undefined);
  class AccountTools {
    signup(request) {
      return 'signed up ' + request.code;
    }
  }
  Reflect.decorate(
    [core.Tool({ description: 'Signs up' }), (target, key) => core.ToolParam({ type: Signup, name: 'request' })(target, key, 0)],
    AccountTools.prototype,
    'signup',
    Object.getOwnPropertyDescriptor(AccountTools.prototype, 'signup'),
  );
  const callbacks = core.MethodToolCallbackProvider.builder().toolObjects(new AccountTools())
      .schemaRegistry(new core.ToolSchemaRegistry().enableRuntimeFallback()).build().getToolCallbacks();
  await step('classTransformer', () => callbacks[0].call('{"request":{"code":"lower"}}'));

  await step('betterSqlite3', async () => {
    const repository = new SqliteChatMemoryRepository();
    await repository.saveAll('c1', [new core.UserMessage('hello')]);
    const texts = (await repository.findByConversationId('c1')).map((message) => message.text);
    repository.close();
    return texts;
  });
  await step('ioredis', () => {
    const repository = new RedisChatMemoryRepository({ url: 'redis://127.0.0.1:1' });
    const status = repository.client.status;
    repository.client.disconnect();
    return status;
  });

  const unreachable = 'http://127.0.0.1:' + (await closedPort());
  let model;
  await step('openaiConstructed', () => {
    model = new OpenAiChatModel({ baseUrl: unreachable, maxRetries: 0 });
    return model.baseUrl;
  });
  await step('openaiError', () => model.call(new core.Prompt('hello')));
  let anthropic;
  await step('anthropicConstructed', () => {
    anthropic = new AnthropicChatModel({ baseUrl: unreachable, apiKey: 'k', maxRetries: 0 });
    return anthropic.baseUrl;
  });
  await step('anthropicError', () => anthropic.call(new core.Prompt('hello')));

  await step('mcpClient', () =>
    new McpClientConnection({ name: 'nowhere', transport: { type: 'streamable-http', url: unreachable + '/mcp' } }).connect(),
  );
  const server = new McpToolServer({ toolCallbacks: callbacks });
  let http;
  await step('mcpServer', async () => {
    http = await server.listen();
    const connection = new McpClientConnection({ name: 'local', transport: { type: 'streamable-http', url: http.url } });
    const tools = await connection.listTools();
    await connection.close();
    return tools.map((tool) => tool.name);
  });
  await http?.close();
  process.stdout.write(JSON.stringify(steps));
})();
`;

interface Step {
  readonly loaded: string[];
  readonly result: unknown;
}

describe('@sprout-ai/boot start-up', () => {
  describe.each(PACKAGES)('when @sprout-ai/%s is required', (pkg) => {
    it('should load none of the heavy libraries', async () => {
      const loaded = await runNode(
        `require(${JSON.stringify(entry(pkg))}); process.stdout.write(JSON.stringify(heavyLoaded()));`,
      );

      expect(loaded).toEqual([]);
    });
  });

  describe('when each feature is first used', () => {
    let steps: Record<string, Step>;

    beforeAll(async () => {
      steps = (await runNode(FEATURE_SCRIPT(entry))) as Record<string, Step>;
    }, 60_000);

    it('should have loaded none of them at start-up', () => {
      expect(steps.boot.loaded).toEqual([]);
    });

    it('should load ajv when the first schema is compiled, and validate with it', () => {
      expect(steps.ajv.loaded).toEqual(['ajv', 'ajv-formats']);
      expect(steps.ajv.result).toEqual({
        error: 'ToolExecutionError',
        message:
          "Invalid arguments for tool 'setCount': /n must be integer. Fix the arguments and call the tool again.",
      });
    });

    it('should load jsonrepair when arguments need a syntax repair, and repair them', () => {
      expect(steps.jsonrepair.loaded).toEqual(['jsonrepair']);
      expect(steps.jsonrepair.result).toEqual({ ok: true, value: { n: 1 }, text: '{"n":1}', repairs: ['json-syntax'] });
    });

    it('should load class-validator when the runtime fallback reads its metadata', () => {
      expect(steps.classValidatorSchema.loaded).toContain('class-validator');
      expect(steps.classValidatorSchema.loaded).not.toContain('class-transformer');
      expect(steps.classValidatorSchema.result).toEqual({
        ref: { $ref: '#/$defs/Empty' },
        defs: { Empty: { type: 'object', properties: {}, required: [], additionalProperties: false } },
      });
    });

    it('should load class-transformer when the first DTO argument is converted, and validate it', () => {
      expect(steps.classTransformer.loaded).toEqual(['class-transformer']);
      expect(steps.classTransformer.result).toEqual({
        error: 'ToolExecutionError',
        message: expect.stringContaining('/request/code must be uppercase (isUppercase)') as unknown,
      });
    });

    it('should load better-sqlite3 when a SQLite repository opens its database, and store messages', () => {
      expect(steps.betterSqlite3.loaded).toEqual(['better-sqlite3']);
      expect(steps.betterSqlite3.result).toEqual(['hello']);
    });

    it('should load ioredis when a Redis repository creates its client', () => {
      expect(steps.ioredis.loaded).toEqual(['ioredis']);
      expect(steps.ioredis.result).toBe('connecting');
    });

    it('should load openai when an OpenAiChatModel is constructed, and still map its errors', () => {
      expect(steps.openaiConstructed.loaded).toEqual(['openai']);
      expect(steps.openaiError.loaded).toEqual([]);
      expect(steps.openaiError.result).toEqual({
        error: 'OpenAiApiError',
        message: expect.stringMatching(
          /^OpenAI-compatible endpoint http:\/\/127\.0\.0\.1:\d+\/v1 is unreachable/,
        ) as unknown,
      });
    });

    it('should load @anthropic-ai/sdk when an AnthropicChatModel is constructed, and still map its errors', () => {
      expect(steps.anthropicConstructed.loaded).toEqual(['@anthropic-ai/sdk']);
      expect(steps.anthropicError.loaded).toEqual([]);
      expect(steps.anthropicError.result).toEqual({
        error: 'AnthropicApiError',
        message: expect.stringMatching(/^Anthropic endpoint http:\/\/127\.0\.0\.1:\d+ is unreachable/) as unknown,
      });
    });

    it('should load the MCP SDK and zod when a client connects', () => {
      expect(steps.mcpClient.loaded).toEqual(expect.arrayContaining(['@modelcontextprotocol/sdk', 'zod']));
      expect(steps.mcpClient.result).toEqual({
        error: 'McpConnectionError',
        message: expect.stringContaining("MCP server 'nowhere'") as unknown,
      });
    });

    it('should load the SDK server transport when a server starts, and serve its tools', () => {
      expect(steps.mcpServer.loaded).toContain('hono');
      expect(steps.mcpServer.result).toEqual(['signup']);
    });
  });
});
