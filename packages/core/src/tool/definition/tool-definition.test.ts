import { SproutError } from '../../error/sprout-error';
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
    it('should throw a SproutError', () => {
      expect(() => toolDefinition({ name: ' ', inputSchema: '{}' })).toThrow(SproutError);
    });
  });

  describe('when the input schema is blank', () => {
    it('should throw a SproutError naming the tool', () => {
      expect(() => toolDefinition({ name: 'a', inputSchema: '' })).toThrow(
        /^The tool definition 'a' needs a non-blank inputSchema/,
      );
    });
  });
});
