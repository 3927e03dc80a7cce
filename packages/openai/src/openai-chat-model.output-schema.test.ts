import { ConfigurationError, Prompt } from '@sprout-ai/core';
import { chatCompletion, errorOf } from '@sprout-ai/test';
import { wireModels } from './__fixtures__/wire-model';
import { OpenAiChatModel } from './openai-chat-model';
import type { OpenAiChatOptions } from './openai-chat-options';

const OK = chatCompletion({ content: '{}' });

describe(OpenAiChatModel, () => {
  const modelWith = wireModels();

  describe('.call with outputSchema (structured output)', () => {
    it('should send it as a non-strict json_schema when it cannot be made strict, named custom_schema without a title', async () => {
      const { model, wire } = await modelWith([OK]);
      // A map (additionalProperties with a schema) has no strict form.
      const schema = {
        type: 'object',
        properties: { counts: { type: 'object', additionalProperties: { type: 'number' } } },
      };

      await model.call(new Prompt('Count', { outputSchema: JSON.stringify(schema) }));

      expect(wire.requests[0].response_format).toEqual({
        type: 'json_schema',
        json_schema: { name: 'custom_schema', schema, strict: false },
      });
    });

    it('should win over responseFormat, and leave $schema out', async () => {
      const { model, wire } = await modelWith([OK]);
      const outputSchema = JSON.stringify({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        title: 'Verdict',
        type: 'object',
        properties: { approved: { type: 'boolean' } },
        required: ['approved'],
        additionalProperties: false,
      });

      const options: OpenAiChatOptions = { outputSchema, responseFormat: { type: 'json_object' } };
      await model.call(new Prompt('Approve?', options));

      expect(wire.requests[0].response_format).toEqual({
        type: 'json_schema',
        json_schema: {
          name: 'Verdict',
          strict: true,
          schema: {
            type: 'object',
            properties: { approved: { type: 'boolean' } },
            required: ['approved'],
            additionalProperties: false,
          },
        },
      });
    });

    it('should refuse a schema that is not a JSON object, sending nothing', async () => {
      const { model, wire } = await modelWith([OK]);

      await errorOf(model.call(new Prompt('x', { outputSchema: '[1]' })), ConfigurationError);

      expect(wire.requests).toHaveLength(0);
    });
  });
});
