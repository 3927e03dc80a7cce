import { errorOf } from '@sprout-ai/test';
import { ToolContext } from '../../chat/model/tool-context';
import { ConfigurationError } from '../../error/configuration-error';
import { InvalidToolSchemaError } from '../schema/invalid-tool-schema-error';
import { InvalidToolArgumentsError } from '../execution/invalid-tool-arguments-error';
import { ToolExecutionError } from '../execution/tool-execution-error';
import { FunctionToolCallback } from './function-tool-callback';

const weatherSchema = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
};

describe(FunctionToolCallback, () => {
  describe('.builder', () => {
    it('should derive the description from the camel-case name', () => {
      const callback = FunctionToolCallback.builder('getCurrentWeather', () => 'sunny').build();
      expect(callback.toolDefinition.description).toBe('get current weather');
    });

    it('should default to an object schema without properties', () => {
      const callback = FunctionToolCallback.builder('ping', () => 'pong').build();
      expect(JSON.parse(callback.toolDefinition.inputSchema)).toEqual({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {},
        required: [],
        additionalProperties: false,
      });
    });

    it('should accept the schema as an object or as JSON text', () => {
      const fromObject = FunctionToolCallback.builder('a', () => 1)
        .inputSchema(weatherSchema)
        .build();
      const fromText = FunctionToolCallback.builder('a', () => 1)
        .inputSchema(JSON.stringify(weatherSchema))
        .build();
      expect(fromObject.toolDefinition.inputSchema).toBe(fromText.toolDefinition.inputSchema);
    });

    it('should keep the given description and metadata', () => {
      const callback = FunctionToolCallback.builder('a', () => 1)
        .description('Adds things')
        .toolMetadata({ returnDirect: true })
        .build();
      expect(callback.toolDefinition.description).toBe('Adds things');
      expect(callback.toolMetadata.returnDirect).toBe(true);
      expect(callback.source).toBe('FunctionToolCallback(a)');
    });

    describe('when the name is blank', () => {
      it('should throw a ConfigurationError', () => {
        expect(() => FunctionToolCallback.builder('  ', () => 1).build()).toThrow(ConfigurationError);
      });
    });

    describe('when the schema is not JSON', () => {
      it('should throw an InvalidToolSchemaError naming the tool', () => {
        const error = errorOf(
          () =>
            FunctionToolCallback.builder('weather', () => 1)
              .inputSchema('{city')
              .build(),
          InvalidToolSchemaError,
        );
        expect(error.toolName).toBe('weather');
        expect(error.message).toMatch(/^The input schema of tool 'weather' is not valid JSON/);
      });
    });
  });

  describe('.call', () => {
    it('should pass the parsed arguments and the context, and convert the result', async () => {
      const seen: unknown[] = [];
      const callback = FunctionToolCallback.builder('getWeather', async (input: { city: string }, ctx: ToolContext) => {
        seen.push(input, ctx.get('unit'));
        await Promise.resolve();
        return { city: input.city, temperature: 21 };
      })
        .inputSchema(weatherSchema)
        .build();
      expect(await callback.call('{"city":"Lyon"}', new ToolContext({ unit: 'C' }))).toBe(
        '{"city":"Lyon","temperature":21}',
      );
      expect(seen).toEqual([{ city: 'Lyon' }, 'C']);
    });

    it('should pass an empty context when none is given and {} for blank input', async () => {
      let received: [unknown, ToolContext] | undefined;
      const callback = FunctionToolCallback.builder('noArgs', (input, ctx) => {
        received = [input, ctx];
      }).build();
      expect(await callback.call('')).toBe('"Done"');
      expect(received?.[0]).toEqual({});
      expect(received?.[1].isEmpty()).toBe(true);
    });

    describe('when the arguments are malformed JSON', () => {
      it('should throw a ToolExecutionError the model can act on', async () => {
        const callback = FunctionToolCallback.builder('getWeather', () => 'x')
          .inputSchema(weatherSchema)
          .build();
        const error = await errorOf(callback.call('{"city": "Lyon" "Paris"}'), ToolExecutionError);
        expect(error.message).toMatch(/^Invalid arguments for tool 'getWeather': not valid JSON \(/);
        expect(error.cause).toBeInstanceOf(InvalidToolArgumentsError);
      });
    });

    describe('when the arguments violate the schema', () => {
      it('should not call the function', async () => {
        const fn = jest.fn();
        const callback = FunctionToolCallback.builder('getWeather', fn).inputSchema(weatherSchema).build();
        const error = await errorOf(callback.call('{"city":3}'), ToolExecutionError);
        expect(error.message).toBe(
          "Invalid arguments for tool 'getWeather': /city must be string. Fix the arguments and call the tool again.",
        );
        expect(fn).not.toHaveBeenCalled();
      });
    });

    describe('when the function throws', () => {
      it('should wrap an ordinary error', async () => {
        const boom = new RangeError('city unknown');
        const callback = FunctionToolCallback.builder('w', () => {
          throw boom;
        }).build();
        const error = await errorOf(callback.call('{}'), ToolExecutionError);
        expect(error.cause).toBe(boom);
        expect(error.message).toBe('city unknown');
      });

      it('should rethrow a ToolExecutionError as it is', async () => {
        const own = new ToolExecutionError({
          toolDefinition: { name: 'w', description: 'w', inputSchema: '{}' },
          cause: new Error('x'),
          message: 'Service unavailable, try later',
        });
        const callback = FunctionToolCallback.builder('w', () => Promise.reject(own)).build();
        expect(await errorOf(callback.call('{}'), ToolExecutionError)).toBe(own);
      });
    });

    describe('when the result cannot be serialised', () => {
      it('should throw a ToolExecutionError naming the tool (06-void-result, cyclic object)', async () => {
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        const callback = FunctionToolCallback.builder('loop', () => cyclic).build();
        const error = await errorOf(callback.call('{}'), ToolExecutionError);
        expect(error.message).toMatch(/^Result of tool 'loop' cannot be serialised to JSON: cyclic reference/);
      });
    });

    describe('when a custom converter returns something other than a string', () => {
      it('should throw a ToolExecutionError instead of sending null', async () => {
        const callback = FunctionToolCallback.builder('n', () => 1)
          .resultConverter({ convert: () => null as unknown as string })
          .build();
        const error = await errorOf(callback.call('{}'), ToolExecutionError);
        expect(error.message).toBe("The result converter of tool 'n' returned null instead of a string.");
      });
    });
  });
});
