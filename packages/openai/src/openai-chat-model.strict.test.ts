import { FunctionToolCallback, Prompt, type ToolCallback, UserMessage } from '@sprout-ai/core';
import { chatCompletion, OpenAiWireServer, type WireChatRequest, type WireStepResult } from '@sprout-ai/test';
import { OpenAiChatModel } from './openai-chat-model';
import type { OpenAiChatOptions } from './openai-chat-options';
import { strictSchemaViolations } from './strict-tool-schema';

const SEARCH_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { query: { type: 'string' }, page: { type: 'integer' } },
  required: ['query'],
  additionalProperties: false,
};
const PRICES_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { prices: { type: 'object', additionalProperties: { type: 'number' } } },
  required: ['prices'],
  additionalProperties: false,
};

function tool(name: string, schema: Readonly<Record<string, unknown>>, strict?: boolean): ToolCallback {
  const builder = FunctionToolCallback.builder(name, () => 'ok').inputSchema(schema);
  return (strict === undefined ? builder : builder.strict(strict)).build();
}

/** Answers like OpenAI: 400 for a strict tool whose schema breaks the strict-mode rules. */
function openAiLike(body: WireChatRequest): WireStepResult {
  for (const entry of (body.tools ?? []) as unknown as {
    function: { name: string; strict?: boolean; parameters: Record<string, unknown> };
  }[]) {
    const violations = entry.function.strict === true ? strictSchemaViolations(entry.function.parameters) : [];
    if (violations.length > 0) {
      return {
        status: 400,
        body: {
          error: { message: `Invalid schema for function '${entry.function.name}'`, type: 'invalid_request_error' },
        },
      };
    }
  }
  return chatCompletion({ content: 'done' });
}

describe(OpenAiChatModel, () => {
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function send(options: OpenAiChatOptions): Promise<WireChatRequest> {
    server = await OpenAiWireServer.start({ handler: openAiLike });
    const model = new OpenAiChatModel({ apiKey: 'sk-test', maxRetries: 0, baseUrl: server.baseUrl });
    const response = await model.call(new Prompt([new UserMessage('find shoes')], options));
    expect(response.result?.output.text).toBe('done');
    return server.requests[0];
  }

  describe('.call', () => {
    describe('when the strict option is on', () => {
      it('should send strict-compatible tools with strict: true and the others non-strict, never getting a 400', async () => {
        const body = await send({
          strict: true,
          toolCallbacks: [tool('search', SEARCH_SCHEMA), tool('setPrices', PRICES_SCHEMA)],
        });
        expect(body.tools).toEqual([
          {
            type: 'function',
            function: {
              name: 'search',
              description: 'search',
              parameters: {
                type: 'object',
                properties: { query: { type: 'string' }, page: { type: ['integer', 'null'] } },
                required: ['query', 'page'],
                additionalProperties: false,
              },
              strict: true,
            },
          },
          {
            type: 'function',
            function: {
              name: 'setPrices',
              description: 'set prices',
              parameters: {
                type: 'object',
                properties: { prices: { type: 'object', additionalProperties: { type: 'number' } } },
                required: ['prices'],
                additionalProperties: false,
              },
            },
          },
        ]);
      });
    });

    describe('when a tool sets strict itself', () => {
      it('should win over the option either way', async () => {
        const body = await send({
          strict: true,
          toolCallbacks: [tool('search', SEARCH_SCHEMA, false), tool('lookup', SEARCH_SCHEMA, true)],
        });
        const functions = (body.tools as unknown as { function: { name: string; strict?: boolean } }[]).map(
          (t) => t.function,
        );
        expect(functions.map((f) => [f.name, f.strict])).toEqual([
          ['search', undefined],
          ['lookup', true],
        ]);
      });
    });

    describe('when the strict option is off', () => {
      it('should send the schemas unchanged apart from $schema', async () => {
        const body = await send({ toolCallbacks: [tool('search', SEARCH_SCHEMA)] });
        const { $schema, ...parameters } = SEARCH_SCHEMA;
        void $schema;
        expect(body.tools).toEqual([
          { type: 'function', function: { name: 'search', description: 'search', parameters } },
        ]);
      });
    });
  });
});
