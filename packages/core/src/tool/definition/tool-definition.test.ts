import { errorOf } from '@sprout-ai/test';
import { ConfigurationError } from '../../error/configuration-error';
import { InvalidToolSchemaError } from '../schema/invalid-tool-schema-error';
import { toolDefinition } from './tool-definition';

describe('toolDefinition', () => {
  it('should keep name, description and schema', () => {
    expect(toolDefinition({ name: 'a', description: 'Does A', inputSchema: '{}' })).toEqual({
      name: 'a',
      description: 'Does A',
      inputSchema: '{}',
    });
  });

  describe('when the description is missing or blank', () => {
    it.each([
      ['getCurrentWeather', 'get current weather'],
      ['toolA', 'tool a'],
      ['XMLParser', 'xml parser'],
      ['get_order_status', 'get_order_status'],
    ])('should derive it from %s as %j', (name, description) => {
      expect(toolDefinition({ name, inputSchema: '{}' }).description).toBe(description);
      expect(toolDefinition({ name, description: ' ', inputSchema: '{}' }).description).toBe(description);
    });
  });

  describe('when the name is blank', () => {
    it('should throw a ConfigurationError', () => {
      expect(errorOf(() => toolDefinition({ name: ' ', inputSchema: '{}' }), ConfigurationError)).toMatchObject({
        setting: 'toolDefinition name',
        value: ' ',
      });
    });
  });

  describe('when the input schema is blank', () => {
    it('should throw an InvalidToolSchemaError naming the tool', () => {
      expect(errorOf(() => toolDefinition({ name: 'a', inputSchema: '' }), InvalidToolSchemaError).toolName).toBe('a');
      expect(() => toolDefinition({ name: 'a', inputSchema: '' })).toThrow(
        /^The tool definition 'a' needs a non-blank inputSchema/,
      );
    });
  });
});
