import { MethodToolCallbackProvider, MissingToolSchemaError, ToolSchemaRegistry } from '@sprout-ai/core';
import { declareRecordTools, RECORD_TOOLS_MANIFEST } from '../__fixtures__/record-tools';
import { mcpToolClassRegistry } from './mcp-tool';
import { mcpToolCallbacks } from './mcp-tool-callbacks';

describe(mcpToolCallbacks, () => {
  const RecordTools = declareRecordTools();
  const registry = new ToolSchemaRegistry().register(RECORD_TOOLS_MANIFEST);

  it('should turn only the @McpTool methods into callbacks, named and described from the decorators', () => {
    const callbacks = mcpToolCallbacks([new RecordTools()], registry);

    expect(callbacks.map((c) => c.toolDefinition.name)).toEqual(['listRecords', 'getRecord']);
    const getRecord = callbacks[1].toolDefinition;
    expect(getRecord.description).toBe('Get one record by id');
    expect(JSON.parse(getRecord.inputSchema)).toMatchObject({
      properties: { id: { type: 'string', description: 'The record id, e.g. r1' } },
      required: ['id'],
    });
    expect(mcpToolClassRegistry.has(RecordTools)).toBe(true);
  });

  it('should leave the @Tool side of the same bean usable by the agent', () => {
    const provider = MethodToolCallbackProvider.builder()
      .toolObjects(new RecordTools())
      .schemaRegistry(registry)
      .build();
    const names = provider.getToolCallbacks().map((c) => c.toolDefinition.name);
    expect(names).toEqual(expect.arrayContaining(['getRecord', 'agentOnly']));
  });

  it('should name the missing manifest entry when a method has no schema', () => {
    expect(() => mcpToolCallbacks([new RecordTools()], new ToolSchemaRegistry())).toThrow(MissingToolSchemaError);
  });
});
