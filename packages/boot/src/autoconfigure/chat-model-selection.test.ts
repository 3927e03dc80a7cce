import { AnthropicChatModel, DEFAULT_ANTHROPIC_MAX_TOKENS } from '@sprout-ai/anthropic';
import { ObservedChatModel } from '@sprout-ai/chat-client';
import { ToolSchemaRegistry } from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { AnthropicWireServer, ScriptedChatModel, anthropicMessage, assistantText, errorOf } from '@sprout-ai/test';
import { ContainerModule } from 'inversify';
import { InvalidPropertyError } from '../properties/invalid-property-error';
import { SproutApplication, type SproutApplicationOptions } from '../sprout-application';
import { SproutTokens } from '../sprout-tokens';

// Which ChatModel the container binds: OpenAiAutoConfiguration and AnthropicAutoConfiguration each
// bind theirs only when it is the selected provider and the user bound none.
describe('chat model auto-configuration', () => {
  const apps: SproutApplication[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function run(options: SproutApplicationOptions): Promise<SproutApplication> {
    const app = await SproutApplication.run({
      propertiesFile: false,
      env: {},
      schemaRegistry: new ToolSchemaRegistry(),
      ...options,
    });
    apps.push(app);
    return app;
  }

  describe('when only an Anthropic API key is configured', () => {
    it('should bind an observed AnthropicChatModel (ANTHROPIC_API_KEY from the environment)', async () => {
      const app = await run({ env: { ANTHROPIC_API_KEY: 'sk-ant-env' } });

      const model = app.get(SproutTokens.ChatModel);
      expect(model).toBeInstanceOf(ObservedChatModel);
      expect(ObservedChatModel.unwrap(model)).toBeInstanceOf(AnthropicChatModel);
      expect(model.providerName).toBe('anthropic');
      expect(app.properties.origin('spring.ai.anthropic.api-key')).toBe('environment variable ANTHROPIC_API_KEY');
    });

    it('should build it from spring.ai.anthropic.*', async () => {
      const app = await run({
        properties: {
          'spring.ai.anthropic.api-key': 'sk-ant-test',
          'spring.ai.anthropic.base-url': 'http://127.0.0.1:9/v1',
          'spring.ai.anthropic.chat.options.model': 'claude-sonnet-4-6',
          'spring.ai.anthropic.chat.options.max-tokens': '1024',
          'spring.ai.anthropic.chat.options.temperature': '0.2',
          'spring.ai.anthropic.chat.options.top-p': '0.9',
          'spring.ai.anthropic.chat.options.top-k': '40',
          'spring.ai.anthropic.chat.options.stop-sequences': 'END, STOP',
        },
      });

      const model = ObservedChatModel.unwrap(app.get(SproutTokens.ChatModel)) as AnthropicChatModel;
      expect(model.baseUrl).toBe('http://127.0.0.1:9');
      expect(model.defaultOptions).toEqual({
        model: 'claude-sonnet-4-6',
        maxTokens: 1024,
        temperature: 0.2,
        topP: 0.9,
        topK: 40,
        stopSequences: ['END', 'STOP'],
      });
    });

    it('should retry by spring.ai.retry.*, as the OpenAI model does', async () => {
      const server = await AnthropicWireServer.start({
        script: [
          { status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
          anthropicMessage({ text: 'after a retry' }),
        ],
      });
      try {
        const app = await run({
          properties: {
            'spring.ai.anthropic.api-key': 'sk-ant-test',
            'spring.ai.anthropic.base-url': server.baseUrl,
            'spring.ai.retry.backoff.initial-interval': '1ms',
          },
        });

        await expect(app.chatClient().prompt('hi').call().content()).resolves.toBe('after a retry');
        expect(server.requests).toHaveLength(2);
      } finally {
        await server.close();
      }
    });

    it(`should default max tokens to ${DEFAULT_ANTHROPIC_MAX_TOKENS} and leave the sampling options unset`, async () => {
      const app = await run({ properties: { 'spring.ai.anthropic.api-key': 'sk-ant-test' } });

      const model = ObservedChatModel.unwrap(app.get(SproutTokens.ChatModel)) as AnthropicChatModel;
      expect(model.defaultOptions).toEqual({
        model: 'claude-haiku-4-5',
        maxTokens: DEFAULT_ANTHROPIC_MAX_TOKENS,
        temperature: undefined,
        topP: undefined,
        topK: undefined,
      });
    });
  });

  describe('when only an OpenAI API key is configured', () => {
    it('should bind an observed OpenAiChatModel, as before', async () => {
      const app = await run({ env: { OPENAI_API_KEY: 'sk-openai' } });

      const model = app.get(SproutTokens.ChatModel);
      expect(model).toBeInstanceOf(ObservedChatModel);
      expect(ObservedChatModel.unwrap(model)).toBeInstanceOf(OpenAiChatModel);
      expect(model.providerName).toBe('openai');
    });
  });

  describe('when keys of both providers are configured', () => {
    const env = { OPENAI_API_KEY: 'sk-openai', SPRING_AI_ANTHROPIC_API_KEY: 'sk-ant' };

    it('should fail at start-up naming spring.ai.model.chat and where each key came from', async () => {
      const error = await errorOf(run({ env }), InvalidPropertyError);

      expect(error).toMatchObject({ setting: 'spring.ai.model.chat', allowed: 'one of openai, anthropic' });
      expect(error.message).toBe(
        "Missing value for property 'spring.ai.model.chat': expected one of openai, anthropic. API keys of two chat " +
          "model providers are configured, OpenAI's (environment variable OPENAI_API_KEY) and Anthropic's " +
          '(environment variable SPRING_AI_ANTHROPIC_API_KEY): set spring.ai.model.chat=openai or =anthropic, or ' +
          'bind your own ChatModel to SproutTokens.ChatModel.',
      );
      expect(error.message).not.toContain('sk-');
    });

    it.each([
      ['anthropic', AnthropicChatModel],
      ['OpenAI', OpenAiChatModel],
    ])('should bind the one spring.ai.model.chat=%s names', async (chosen, modelClass) => {
      const app = await run({ env, properties: { 'spring.ai.model.chat': chosen } });

      expect(ObservedChatModel.unwrap(app.get(SproutTokens.ChatModel))).toBeInstanceOf(modelClass);
    });

    // As in Spring, the user's own bean is used as is: not wrapped in an ObservedChatModel.
    it('should need no choice when the user binds a ChatModel, and use it as is', async () => {
      const model = new ScriptedChatModel([assistantText('scripted')]);
      const app = await run({
        env,
        modules: [new ContainerModule(({ bind }) => void bind(SproutTokens.ChatModel).toConstantValue(model))],
      });

      expect(app.get(SproutTokens.ChatModel)).toBe(model);
    });
  });

  describe('when spring.ai.model.chat=anthropic and no Anthropic key is configured', () => {
    it('should fail at start-up naming the key and the ways to set it', async () => {
      const error = await errorOf(
        run({ env: { OPENAI_API_KEY: 'sk-openai' }, properties: { 'spring.ai.model.chat': 'anthropic' } }),
        InvalidPropertyError,
      );

      expect(error.setting).toBe('spring.ai.anthropic.api-key');
      expect(error.message).toMatch(/spring\.ai\.model\.chat=anthropic needs one: .*ANTHROPIC_API_KEY/);
    });
  });

  describe('when spring.ai.model.chat names no provider Sprout has', () => {
    it('should fail at start-up listing the providers', async () => {
      const error = await errorOf(run({ properties: { 'spring.ai.model.chat': 'gemini' } }), InvalidPropertyError);

      expect(error.message).toBe(
        "Invalid value 'gemini' for property 'spring.ai.model.chat' (from override): expected one of openai, anthropic.",
      );
    });
  });

  describe('when an Anthropic option is out of range', () => {
    it.each([
      ['spring.ai.anthropic.chat.options.temperature', '1.5', 'a number between 0 and 1'],
      ['spring.ai.anthropic.chat.options.top-k', '0', 'a positive integer'],
      ['spring.ai.anthropic.chat.options.max-tokens', 'lots', 'a positive integer'],
    ])('should reject %s=%s', async (key, value, allowed) => {
      const error = await errorOf(
        run({ properties: { 'spring.ai.anthropic.api-key': 'k', [key]: value } }),
        InvalidPropertyError,
      );

      expect(error).toMatchObject({ setting: key, value, allowed });
    });
  });
});
