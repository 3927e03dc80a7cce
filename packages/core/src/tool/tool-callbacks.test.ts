import { Tool } from './annotation/tool';
import { toolSchemaRegistry } from './schema/tool-schema-registry';
import { ToolCallbacks } from './tool-callbacks';

class ClockTools {
  @Tool({ description: 'Current time' })
  now(): string {
    return '2025-01-01T00:00:00Z';
  }
}

describe(ToolCallbacks, () => {
  describe('.from', () => {
    it('should build callbacks with schemas from the shared toolSchemaRegistry', async () => {
      toolSchemaRegistry.register({
        version: 1,
        generator: 'test',
        tools: {
          'ClockTools.now': {
            className: 'ClockTools',
            methodName: 'now',
            sourceFile: 'src/clock-tools.ts',
            parameters: [],
            inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
            returnsVoid: false,
          },
        },
      });
      const [callback, ...rest] = ToolCallbacks.from(new ClockTools());
      expect(rest).toHaveLength(0);
      expect(callback.toolDefinition).toEqual({
        name: 'now',
        description: 'Current time',
        inputSchema: '{"type":"object","properties":{},"required":[],"additionalProperties":false}',
      });
      expect(await callback.call('')).toBe('"2025-01-01T00:00:00Z"');
    });
  });
});
