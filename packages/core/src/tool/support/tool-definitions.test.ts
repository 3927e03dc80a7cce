import { errorOf } from '@sprout-ai/test';
import { Tool } from '../annotation/tool';
import { ToolMethodNotFoundError } from './tool-method-not-found-error';
import { MethodToolCallback } from '../method/method-tool-callback';
import type { ToolSchemaManifest } from '../schema/tool-schema-manifest';
import { ToolSchemaRegistry } from '../schema/tool-schema-registry';
import { ToolDefinitionBuilder, ToolDefinitions } from './tool-definitions';

class WeatherTools {
  /** Current weather. */
  @Tool({ strict: true })
  currentWeather(city: string): string {
    return `sunny in ${city}`;
  }
}

const manifest: ToolSchemaManifest = {
  version: 1,
  generator: 'test',
  tools: {
    'WeatherTools.currentWeather': {
      className: 'WeatherTools',
      methodName: 'currentWeather',
      sourceFile: 'weather-tools.ts',
      description: 'Current weather.',
      parameters: [{ name: 'city', index: 0, kind: 'argument', optional: false }],
      inputSchema: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      },
      returnsVoid: false,
    },
  },
};

describe(ToolDefinitions, () => {
  const registry = new ToolSchemaRegistry().register(manifest);

  describe('.from', () => {
    it('should give the @Tool method definition, strict included', () => {
      expect(ToolDefinitions.from(new WeatherTools(), 'currentWeather', registry)).toEqual({
        name: 'currentWeather',
        description: 'Current weather.',
        inputSchema:
          '{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}',
        strict: true,
      });
    });

    it('should name the class and method when it is no @Tool method', () => {
      expect(
        errorOf(() => ToolDefinitions.from(new WeatherTools(), 'forecast', registry), ToolMethodNotFoundError),
      ).toMatchObject({
        className: 'WeatherTools',
        methodName: 'forecast',
        message: "WeatherTools has no @Tool method 'forecast'; mark it with @Tool() or check the name.",
      });
    });
  });

  describe('.builder', () => {
    it('should let a programmatic tool override name, description and schema', async () => {
      const tools = new WeatherTools();
      const schema = { type: 'object', properties: { city: { type: 'string', enum: ['Oslo'] } }, required: ['city'] };
      const definition = ToolDefinitions.builder(tools, 'currentWeather', registry)
        .name('weather_now')
        .description('Weather in Oslo')
        .inputSchema(schema)
        .strict(false)
        .build();
      expect(definition).toEqual({
        name: 'weather_now',
        description: 'Weather in Oslo',
        inputSchema: JSON.stringify(schema),
        strict: false,
      });
      const callback = MethodToolCallback.builder()
        .toolDefinition(definition)
        .toolObject(tools)
        .toolMethodName('currentWeather')
        .methodSchema(manifest.tools['WeatherTools.currentWeather'])
        .build();
      await expect(callback.call('{"city":"Oslo"}')).resolves.toBe('"sunny in Oslo"');
      await expect(callback.call('{"city":"Rome"}')).rejects.toThrow(
        '/city must be equal to one of the allowed values',
      );
    });
  });
});

describe(ToolDefinitionBuilder, () => {
  it('should require a name and a schema', () => {
    expect(() => new ToolDefinitionBuilder().inputSchema('{}').build()).toThrow(/needs a non-blank name/);
  });
});
