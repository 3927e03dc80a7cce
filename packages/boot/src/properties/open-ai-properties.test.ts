import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureLogLines } from '@sprout-ai/test';
import { loadProperties } from './load-properties';
import { SproutProperties } from './sprout-properties';

const OPTIONS = 'spring.ai.openai.chat.options';

describe('bindOpenAiProperties (through SproutProperties)', () => {
  describe('spring.ai.openai.embedding.*', () => {
    it('should inherit base-url, api-key, organization and project from spring.ai.openai.*', () => {
      const properties = SproutProperties.from({
        'spring.ai.openai.base-url': 'http://shared:1',
        'spring.ai.openai.api-key': 'sk-shared',
        'spring.ai.openai.organization-id': 'org-1',
        'spring.ai.openai.project-id': 'p-1',
      });

      expect(properties.openAi.embedding).toEqual({
        baseUrl: 'http://shared:1',
        apiKey: 'sk-shared',
        organizationId: 'org-1',
        projectId: 'p-1',
        model: 'text-embedding-ada-002',
        dimensions: undefined,
      });
    });

    it('should let its own keys win, and bind options.model and options.dimensions', () => {
      const properties = SproutProperties.from({
        'spring.ai.openai.base-url': 'http://shared:1',
        'spring.ai.openai.api-key': 'sk-shared',
        'spring.ai.openai.embedding.base-url': 'http://embed:2',
        'spring.ai.openai.embedding.api-key': 'sk-embed',
        'spring.ai.openai.embedding.options.model': 'text-embedding-3-small',
        'spring.ai.openai.embedding.options.dimensions': '256',
      });

      expect(properties.openAi.embedding).toMatchObject({
        baseUrl: 'http://embed:2',
        apiKey: 'sk-embed',
        model: 'text-embedding-3-small',
        dimensions: 256,
      });
    });

    it('should reject dimensions that are not a positive integer, naming the key', () => {
      expect(() => SproutProperties.from({ 'spring.ai.openai.embedding.options.dimensions': '0' })).toThrow(
        expect.objectContaining({ setting: 'spring.ai.openai.embedding.options.dimensions' }) as Error,
      );
    });
  });

  describe("when Spring's OpenAI option keys are set", () => {
    it('should bind each to the default options of the chat model', () => {
      const properties = SproutProperties.from({
        [`${OPTIONS}.top-p`]: '0.9',
        [`${OPTIONS}.frequency-penalty`]: '0.5',
        [`${OPTIONS}.presence-penalty`]: '-1.5',
        [`${OPTIONS}.stop`]: 'END, ###',
        [`${OPTIONS}.seed`]: '42',
        [`${OPTIONS}.user`]: 'u7',
        [`${OPTIONS}.parallel-tool-calls`]: 'false',
        [`${OPTIONS}.tool-choice`]: 'REQUIRED',
        [`${OPTIONS}.max-completion-tokens`]: '800',
        [`${OPTIONS}.response-format.type`]: 'json-schema',
        [`${OPTIONS}.response-format.name`]: 'OrderAnswer',
        [`${OPTIONS}.response-format.schema`]: '{"type":"object","properties":{"status":{"type":"string"}}}',
        [`${OPTIONS}.response-format.strict`]: 'true',
        [`${OPTIONS}.http-headers.X-Tenant`]: 'shop-7',
        [`${OPTIONS}.httpHeaders.X-Trace`]: 'on',
      });

      expect(properties.openAi.chat.options).toMatchObject({
        topP: 0.9,
        frequencyPenalty: 0.5,
        presencePenalty: -1.5,
        stopSequences: ['END', '###'],
        seed: 42,
        user: 'u7',
        parallelToolCalls: false,
        toolChoice: 'required',
        maxCompletionTokens: 800,
        responseFormat: {
          type: 'json_schema',
          jsonSchema: {
            name: 'OrderAnswer',
            schema: { type: 'object', properties: { status: { type: 'string' } } },
            strict: true,
          },
        },
        httpHeaders: { 'X-Tenant': 'shop-7', 'X-Trace': 'on' },
      });
    });

    it('should read a tool choice naming one tool as JSON, and JSON_OBJECT without a schema', () => {
      const options = SproutProperties.from({
        [`${OPTIONS}.tool-choice`]: '{"type":"function","function":{"name":"getOrderStatus"}}',
        [`${OPTIONS}.response-format.type`]: 'JSON_OBJECT',
      }).openAi.chat.options;

      expect(options.toolChoice).toEqual({ type: 'function', function: { name: 'getOrderStatus' } });
      expect(options.responseFormat).toEqual({ type: 'json_object' });
    });

    it('should leave unset options undefined, so the API decides', () => {
      const { options } = SproutProperties.from({}).openAi.chat;

      expect(Object.entries(options).filter(([, value]) => value !== undefined)).toEqual([['model', 'gpt-4o-mini']]);
    });
  });

  describe('when organization and project ids are set', () => {
    it('should take the chat-level ones over the shared ones', () => {
      const shared = SproutProperties.from({
        'spring.ai.openai.organization-id': 'org-shared',
        'spring.ai.openai.project-id': 'proj_shared',
      });
      const chat = SproutProperties.from({
        'spring.ai.openai.organization-id': 'org-shared',
        'spring.ai.openai.chat.organization-id': 'org-chat',
        'spring.ai.openai.chat.project-id': 'proj_chat',
      });

      expect(shared.openAi.chat).toMatchObject({ organizationId: 'org-shared', projectId: 'proj_shared' });
      expect(chat.openAi.chat).toMatchObject({ organizationId: 'org-chat', projectId: 'proj_chat' });
    });
  });

  describe('when a value is not allowed', () => {
    it.each([
      [`${OPTIONS}.top-p`, '1.5', 'a number between 0 and 1'],
      [`${OPTIONS}.frequency-penalty`, '3', 'a number between -2 and 2'],
      [`${OPTIONS}.presence-penalty`, 'much', 'a number between -2 and 2'],
      [`${OPTIONS}.seed`, '4.2', 'an integer'],
      [`${OPTIONS}.parallel-tool-calls`, 'yes', 'true or false'],
      [`${OPTIONS}.tool-choice`, 'always', 'one of auto, none, required'],
      [`${OPTIONS}.tool-choice`, '{"type":"function"}', '{"type":"function","function":{"name":"<tool>"}}'],
      [`${OPTIONS}.response-format.type`, 'XML', 'one of TEXT, JSON_OBJECT, JSON_SCHEMA'],
      [`${OPTIONS}.max-completion-tokens`, '0', 'a positive integer'],
    ])('should reject %s=%j, saying what is allowed', (key, value, allowed) => {
      expect(() => SproutProperties.from({ [key]: value })).toThrow(`Invalid value '${value}' for property '${key}'`);
      expect(() => SproutProperties.from({ [key]: value })).toThrow(allowed);
    });

    it('should reject JSON_SCHEMA without a schema object, and a schema without JSON_SCHEMA', () => {
      expect(() => SproutProperties.from({ [`${OPTIONS}.response-format.type`]: 'JSON_SCHEMA' })).toThrow(
        `property '${OPTIONS}.response-format.schema'`,
      );
      expect(() =>
        SproutProperties.from({
          [`${OPTIONS}.response-format.type`]: 'JSON_SCHEMA',
          [`${OPTIONS}.response-format.schema`]: '[1]',
        }),
      ).toThrow('a JSON Schema object');
      expect(() => SproutProperties.from({ [`${OPTIONS}.response-format.schema`]: '{}' })).toThrow(
        'JSON_SCHEMA when response-format.schema is set',
      );
    });
  });

  describe('when an unknown key looks like a typo of a new one', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'sprout-openai-props-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('should warn with "did you mean", and not warn about the new keys or headers', async () => {
      const file = join(dir, 'application.properties');
      writeFileSync(
        file,
        [
          `${OPTIONS}.frequency-penality=0.5`,
          'spring.ai.retry.max-atempts=3',
          `${OPTIONS}.top-p=0.5`,
          `${OPTIONS}.http-headers.X-Tenant=shop-7`,
        ].join('\n'),
      );
      const logs = captureLogLines();
      try {
        loadProperties({ file, env: {} });
        const messages = (await logs.records()).map((record) => record.msg);

        expect(messages).toEqual([
          expect.stringContaining(`did you mean '${OPTIONS}.frequency-penalty'?`),
          expect.stringContaining("did you mean 'spring.ai.retry.max-attempts'?"),
        ]);
      } finally {
        logs.restore();
      }
    });
  });
});
