import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorOf } from '@sprout-ai/test';
import { InvalidPropertyError } from './invalid-property-error';
import { loadProperties } from './load-properties';
import { PropertiesFileError } from './properties-file-error';

describe(loadProperties, () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sprout-props-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function writeProperties(text: string): string {
    const file = join(dir, 'application.properties');
    writeFileSync(file, text);
    return file;
  }

  describe('when a properties file is given', () => {
    it('should bind its values to the typed groups', () => {
      const file = writeProperties(
        [
          '# tools',
          'spring.ai.tools.throw-exception-on-error=true',
          'spring.ai.tools.limits.max-calls-per-tool-default = 5',
          'spring.ai.tools.limits.max-calls-per-tool.getOrderStatus=2',
          'spring.ai.tools.limits.max-calls-per-tool.getTime=-1',
          'spring.ai.tools.limits.excluded-tools=search, lookup',
          'spring.ai.tools.limits.max-total-tool-calls=-1',
          'spring.ai.tools.limits.max-rounds=12',
          'spring.ai.tools.limits.on-limit-exceeded=return-error-response',
          'spring.ai.tools.execution.max-concurrency=1',
          'spring.ai.tools.execution.timeout=30s',
          'spring.ai.tools.result.max-chars=-1',
          'spring.ai.tools.errors.detail=generic',
          'spring.ai.openai.base-url=http://localhost:11434/v1',
          'spring.ai.openai.api-key=sk-file',
          'spring.ai.openai.chat.idle-timeout=2m',
          'spring.ai.openai.chat.options.model=gpt-4.1',
          'spring.ai.openai.chat.options.temperature=0.2',
          'spring.ai.openai.chat.options.max-tokens=256',
          'spring.ai.chat.client.tool-calling.enabled=false',
          'spring.ai.chat.client.tool-calling.advisor-order=100',
        ].join('\n'),
      );

      const properties = loadProperties({ file, env: {} });

      expect(properties.toolCalling).toEqual({
        throwExceptionOnError: true,
        resolutionFallbackEnabled: false,
        limits: {
          maxCallsPerToolDefault: 5,
          maxCallsPerTool: { getOrderStatus: 2, getTime: -1 },
          excludedTools: ['search', 'lookup'],
          maxTotalToolCalls: -1,
          maxRounds: 12,
          onLimitExceeded: 'RETURN_ERROR_RESPONSE',
        },
        execution: { maxConcurrency: 1, timeoutMs: 30_000 },
        result: { maxChars: -1 },
        observations: { includeContent: false },
        errors: { detail: 'generic' },
      });
      expect(properties.openAi.chat).toEqual({
        baseUrl: 'http://localhost:11434/v1',
        apiKey: 'sk-file',
        idleTimeoutMs: 120_000,
        nativeStructuredOutput: true,
        options: { model: 'gpt-4.1', temperature: 0.2, maxTokens: 256 },
      });
      expect(properties.chatClient).toEqual({
        enabled: true,
        toolCallingEnabled: false,
        toolCallingAdvisorOrder: 100,
        observations: { logPrompt: false, logCompletion: false },
      });
    });

    it('should accept keys in camelCase or snake_case as the same kebab-case key', () => {
      const file = writeProperties('spring.ai.openai.apiKey=sk-camel\nspring.ai.tools.limits.max_total_tool_calls=7\n');

      const properties = loadProperties({ file, env: {} });

      expect(properties.openAi.apiKey).toBe('sk-camel');
      expect(properties.toolCalling.limits.maxTotalToolCalls).toBe(7);
      expect(properties.get('spring.ai.openai.api-key')).toBe('sk-camel');
    });

    it('should name the file and line of a bad value', () => {
      const file = writeProperties('# comment\n\nspring.ai.tools.limits.max-total-tool-calls=abc\n');

      const error = errorOf(() => loadProperties({ file, env: {} }), InvalidPropertyError);

      expect(error.source).toBe(`${file}:3`);
      expect(error.message).toBe(
        `Invalid value 'abc' for property 'spring.ai.tools.limits.max-total-tool-calls' (from ${file}:3): ` +
          'expected a positive integer or -1 (unlimited).',
      );
    });

    it('should bind sprout.openai.chat.tool-call-id-pattern, and reject a pattern no id can be made for', () => {
      const good = writeProperties('sprout.openai.chat.tool-call-id-pattern=^[a-zA-Z0-9]{9}$\n');
      expect(loadProperties({ file: good, env: {} }).openAi.chat.toolCallIdPattern).toBe('^[a-zA-Z0-9]{9}$');

      const bad = writeProperties('sprout.openai.chat.tool-call-id-pattern=call_[0-9]+\n');
      const error = errorOf(() => loadProperties({ file: bad, env: {} }), InvalidPropertyError);
      expect(error).toMatchObject({ setting: 'sprout.openai.chat.tool-call-id-pattern', value: 'call_[0-9]+' });
      expect(error.message).toContain('^[class]{n}$');
    });

    it('should fail with PropertiesFileError when the named file does not exist', () => {
      const missing = join(dir, 'nope.properties');

      expect(() => loadProperties({ file: missing, env: {} })).toThrow(PropertiesFileError);
      expect(() => loadProperties({ file: missing, env: {} })).toThrow(/nope\.properties': it does not exist/);
    });
  });

  describe('when no file is given', () => {
    it('should read ./application.properties when present and start with defaults when absent', () => {
      const cwd = process.cwd();
      try {
        process.chdir(dir);
        expect(loadProperties({ env: {} }).toolCalling.limits.maxCallsPerToolDefault).toBe(40);
        writeProperties('spring.ai.tools.limits.max-calls-per-tool-default=3\n');
        expect(loadProperties({ env: {} }).toolCalling.limits.maxCallsPerToolDefault).toBe(3);
      } finally {
        process.chdir(cwd);
      }
    });

    it('should apply the Spring defaults', () => {
      const properties = loadProperties({ file: false, env: {} });

      expect(properties.toolCalling).toEqual({
        throwExceptionOnError: false,
        resolutionFallbackEnabled: false,
        limits: {
          maxCallsPerToolDefault: 40,
          maxCallsPerTool: {},
          excludedTools: [],
          maxTotalToolCalls: 150,
          maxRounds: 50,
          onLimitExceeded: 'THROW',
        },
        execution: { maxConcurrency: 10, timeoutMs: undefined },
        result: { maxChars: 100_000 },
        observations: { includeContent: false },
        errors: { detail: 'masked' },
      });
      expect(properties.openAi).toEqual({
        baseUrl: 'https://api.openai.com',
        apiKey: undefined,
        chat: {
          baseUrl: 'https://api.openai.com',
          apiKey: undefined,
          idleTimeoutMs: 60_000,
          nativeStructuredOutput: true,
          options: { model: 'gpt-4o-mini' },
        },
        embedding: { baseUrl: 'https://api.openai.com', apiKey: undefined, model: 'text-embedding-ada-002' },
      });
      expect(properties.chatClient).toEqual({
        enabled: true,
        toolCallingEnabled: true,
        toolCallingAdvisorOrder: -2147483648 + 300,
        observations: { logPrompt: false, logCompletion: false },
      });
    });
  });

  describe('when environment variables are set', () => {
    it('should let a relaxed-binding variable override the file', () => {
      const file = writeProperties('spring.ai.openai.base-url=http://from-file\nspring.ai.openai.api-key=sk-file\n');

      const properties = loadProperties({
        file,
        env: { SPRING_AI_OPENAI_BASE_URL: 'http://from-env', SPRING_AI_OPENAI_APIKEY: 'sk-env' },
      });

      expect(properties.openAi.baseUrl).toBe('http://from-env');
      expect(properties.openAi.apiKey).toBe('sk-env');
      expect(properties.origin('spring.ai.openai.base-url')).toBe('environment variable SPRING_AI_OPENAI_BASE_URL');
    });

    it("should bind an application's own key from its relaxed variable, over the file value", () => {
      const file = writeProperties('sprout.demo.orders.db-path=from-file.db\n');
      const env = { SPROUT_DEMO_ORDERS_DB_PATH: '/tmp/from-env.db', MY_APP_GREETING: 'hi' };
      const properties = loadProperties({ file, env });
      expect(properties.get('sprout.demo.orders.db-path')).toBe('/tmp/from-env.db');
      expect(properties.origin('sprout.demo.orders.db-path')).toBe('environment variable SPROUT_DEMO_ORDERS_DB_PATH');
      expect(properties.getString('my.app.greeting')).toBe('hi');
      expect(properties.has('my.app.missing')).toBe(false);
    });

    it("should let overrides beat the environment for an application's own key", () => {
      const properties = loadProperties({
        file: false,
        env: { MY_APP_MODE: 'env' },
        overrides: { 'my.app.mode': 'override' },
      });
      expect(properties.get('my.app.mode')).toBe('override');
    });

    it('should map SPRING_AI_OPENAI_API_KEY to spring.ai.openai.api-key', () => {
      const properties = loadProperties({ file: false, env: { SPRING_AI_OPENAI_API_KEY: 'sk-spring' } });

      expect(properties.openAi.chat.apiKey).toBe('sk-spring');
    });

    it('should take a per-tool limit with the tool name verbatim', () => {
      const properties = loadProperties({
        file: false,
        env: {
          SPRING_AI_TOOLS_LIMITS_MAX_CALLS_PER_TOOL_getOrderStatus: '3',
          SPRING_AI_TOOLS_LIMITS_MAX_CALLS_PER_TOOL_DEFAULT: '9',
        },
      });

      expect(properties.toolCalling.limits.maxCallsPerTool).toEqual({ getOrderStatus: 3 });
      expect(properties.toolCalling.limits.maxCallsPerToolDefault).toBe(9);
    });

    it('should use OPENAI_API_KEY only when no other source sets the key', () => {
      const file = writeProperties('spring.ai.openai.api-key=sk-file\n');

      expect(loadProperties({ file: false, env: { OPENAI_API_KEY: 'sk-plain' } }).openAi.apiKey).toBe('sk-plain');
      expect(loadProperties({ file, env: { OPENAI_API_KEY: 'sk-plain' } }).openAi.apiKey).toBe('sk-file');
      expect(
        loadProperties({ file: false, env: { OPENAI_API_KEY: 'sk-plain', SPRING_AI_OPENAI_API_KEY: 'sk-spring' } })
          .openAi.apiKey,
      ).toBe('sk-spring');
    });

    it('should report the variable as the origin of a bad value', () => {
      const error = errorOf(
        () => loadProperties({ file: false, env: { SPRING_AI_TOOLS_THROW_EXCEPTION_ON_ERROR: 'yes' } }),
        InvalidPropertyError,
      );

      expect(error.source).toBe('environment variable SPRING_AI_TOOLS_THROW_EXCEPTION_ON_ERROR');
      expect(error.message).toBe(
        "Invalid value 'yes' for property 'spring.ai.tools.throw-exception-on-error' " +
          '(from environment variable SPRING_AI_TOOLS_THROW_EXCEPTION_ON_ERROR): expected true or false.',
      );
    });
  });

  describe('when overrides are given', () => {
    it('should let overrides win over environment and file', () => {
      const file = writeProperties('spring.ai.openai.chat.options.model=from-file\n');

      const properties = loadProperties({
        file,
        env: { SPRING_AI_OPENAI_CHAT_OPTIONS_MODEL: 'from-env' },
        overrides: { 'spring.ai.openai.chat.options.model': 'from-override' },
      });

      expect(properties.openAi.chat.options.model).toBe('from-override');
      expect(properties.origin('spring.ai.openai.chat.options.model')).toBe('override');
    });
  });

  describe('when the chat-level connection properties are set', () => {
    it('should let them override the shared base-url and api-key', () => {
      const properties = loadProperties({
        file: false,
        env: {},
        overrides: {
          'spring.ai.openai.base-url': 'http://shared',
          'spring.ai.openai.api-key': 'sk-shared',
          'spring.ai.openai.chat.base-url': 'http://chat',
          'spring.ai.openai.chat.api-key': 'sk-chat',
        },
      });

      expect(properties.openAi.baseUrl).toBe('http://shared');
      expect(properties.openAi.chat.baseUrl).toBe('http://chat');
      expect(properties.openAi.chat.apiKey).toBe('sk-chat');
    });
  });
});
