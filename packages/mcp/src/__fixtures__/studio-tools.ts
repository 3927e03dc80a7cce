import type { ToolContext, ToolMethodSchema, ToolSchemaManifest } from '@sprout-ai/core';
import { McpRequestContext } from '../server/mcp-request-context';
import { McpTool } from '../server/mcp-tool';
import { McpContents, McpToolResult } from '../server/mcp-tool-result';

/** Declares `StudioTools` anew (see `declareRecordTools`): tools using annotations, content and the request context. */
export function declareStudioTools() {
  class StudioTools {
    @McpTool({
      title: 'Render a chart',
      description: 'A chart as text and PNG',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    })
    chart(): McpToolResult {
      return McpToolResult.of(McpContents.text('Sales:'), McpContents.image(Uint8Array.of(1, 2, 3), 'image/png'));
    }

    @McpTool({ description: 'Imports with progress and logs', annotations: { destructiveHint: true } })
    async importAll(toolContext: ToolContext): Promise<string> {
      const mcp = McpRequestContext.from(toolContext);
      await mcp.progress(1, 2, 'half');
      await mcp.log('debug', 'verbose detail');
      await mcp.log('warning', { skipped: 1 });
      await mcp.progress(2, 2);
      return 'imported';
    }

    @McpTool({ description: 'Stock of a title' })
    stock(): { title: string; copies: number } {
      return { title: 'Dune', copies: 3 };
    }

    @McpTool({ description: 'Asks the user, then the model' })
    async ask(toolContext: ToolContext): Promise<string> {
      const mcp = McpRequestContext.from(toolContext);
      const answer = await mcp.elicit('Your name?', {
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
      });
      const sampled = await mcp.sample({
        messages: [{ role: 'user', content: { type: 'text', text: `Greet ${String(answer.content?.name)}` } }],
        maxTokens: 20,
      });
      return `${answer.action}: ${sampled.content.type === 'text' ? sampled.content.text : '?'}`;
    }

    @McpTool({ description: 'A recording, its transcript, its waveform and a link to the full file' })
    attachments(): McpToolResult {
      return McpToolResult.of(
        McpContents.audio(Uint8Array.of(82, 73, 70, 70), 'audio/wav'),
        McpContents.textResource('studio://takes/7/transcript', 'text/plain', 'one, two'),
        McpContents.blobResource('studio://takes/7/waveform', 'application/octet-stream', Uint8Array.of(0, 255)),
        McpContents.resourceLink({ uri: 'studio://takes/7', name: 'take-7.wav', mimeType: 'audio/wav' }),
      );
    }
  }
  return StudioTools;
}

function entry(methodName: string, withContext: boolean): ToolMethodSchema {
  return {
    className: 'StudioTools',
    methodName,
    sourceFile: 'studio-tools.ts',
    parameters: withContext ? [{ name: 'toolContext', index: 0, kind: 'toolContext', optional: false }] : [],
    inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
    returnsVoid: false,
  };
}

/** The manifest `sprout-schema` would write for `StudioTools`. */
export const STUDIO_TOOLS_MANIFEST: ToolSchemaManifest = {
  version: 1,
  generator: 'test',
  tools: {
    'StudioTools.chart': entry('chart', false),
    'StudioTools.importAll': entry('importAll', true),
    'StudioTools.ask': entry('ask', true),
    'StudioTools.attachments': entry('attachments', false),
    'StudioTools.stock': {
      ...entry('stock', false),
      outputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { title: { type: 'string' }, copies: { type: 'number' } },
        required: ['title', 'copies'],
        additionalProperties: false,
      },
    },
  },
};
