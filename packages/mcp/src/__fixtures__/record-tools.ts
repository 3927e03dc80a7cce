import { Tool, type ToolContext, type ToolSchemaManifest } from '@sprout-ai/core';
import { McpTool } from '../server/mcp-tool';
import { McpToolError } from '../server/mcp-tool-error';
import { McpToolParam } from '../server/mcp-tool-param';

/**
 * Declares `RecordTools` anew: its decorators record it in the tool class registries when this is
 * called, not when this module is imported.
 */
export function declareRecordTools() {
  /** Tools for the MCP server tests; the schemas are in {@link RECORD_TOOLS_MANIFEST}. */
  class RecordTools {
    /** `listRecords(limit?: number)` with a default of 20 (03-missing-arguments). */
    @McpTool({ description: 'List records' })
    listRecords(limit = 20, toolContext?: ToolContext): { limit: number; userId: unknown } {
      return { limit, userId: toolContext?.get('userId') ?? null };
    }

    /** One bean, two audiences: an `@Tool` method also exposed over MCP. */
    @Tool({ name: 'getRecord', description: 'Get one record by id' })
    @McpTool()
    getRecord(@McpToolParam({ description: 'The record id, e.g. r1' }) id: string): { id: string } {
      if (id === 'missing') throw new McpToolError(`Record '${id}' does not exist.`);
      if (id === 'crash') throw new Error('connection to db://admin:hunter2@10.0.0.5 refused');
      return { id };
    }

    /** Not exposed over MCP. */
    @Tool({ description: 'Agent only' })
    agentOnly(): string {
      return 'x';
    }
  }

  return RecordTools;
}

/** The manifest `sprout-schema` would write for the `RecordTools` of {@link declareRecordTools}. */
export const RECORD_TOOLS_MANIFEST: ToolSchemaManifest = {
  version: 1,
  generator: 'test',
  tools: {
    'RecordTools.listRecords': {
      className: 'RecordTools',
      methodName: 'listRecords',
      sourceFile: 'record-tools.ts',
      parameters: [
        { name: 'limit', index: 0, kind: 'argument', optional: true },
        { name: 'toolContext', index: 1, kind: 'toolContext', optional: true },
      ],
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { limit: { type: 'number' } },
        required: [],
        additionalProperties: false,
      },
      returnsVoid: false,
    },
    'RecordTools.getRecord': {
      className: 'RecordTools',
      methodName: 'getRecord',
      sourceFile: 'record-tools.ts',
      parameters: [{ name: 'id', index: 0, kind: 'argument', optional: false }],
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
        additionalProperties: false,
      },
      returnsVoid: false,
    },
    'RecordTools.agentOnly': {
      className: 'RecordTools',
      methodName: 'agentOnly',
      sourceFile: 'record-tools.ts',
      parameters: [],
      inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
      returnsVoid: false,
    },
  },
};
