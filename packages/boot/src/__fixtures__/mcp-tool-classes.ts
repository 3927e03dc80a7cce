import { Tool, type ToolContext, type ToolSchemaManifest } from '@sprout-ai/core';
import { McpPrompt, McpTool } from '@sprout-ai/mcp';
import { injectable } from 'inversify';

/**
 * Declares the fixture classes anew; their decorators record them in the tool class registries
 * when this is called, not at import.
 */
export function declareMcpToolClasses() {
  /** A local tool named like server-everything's `echo`. */
  @injectable()
  class LocalEchoTools {
    @Tool({ name: 'echo', description: 'Local echo' })
    echo(message: string): string {
      return message;
    }
  }

  /** Exposed over MCP by the container. */
  @injectable()
  class GreetingTools {
    @McpTool({ description: 'Greets the caller' })
    greet(name: string, toolContext: ToolContext): string {
      return `Hello ${name}, you are ${String(toolContext.get('userId') ?? 'anonymous')}`;
    }

    @McpPrompt({ name: 'welcome', description: 'A welcome message' })
    welcome(name: string): string {
      return `Welcome, ${name}!`;
    }
  }

  return { LocalEchoTools, GreetingTools };
}

const OBJECT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
};

/** The manifest `sprout-schema` would write for the classes above. */
export const MCP_FIXTURE_MANIFEST: ToolSchemaManifest = {
  version: 1,
  generator: 'test',
  tools: {
    'LocalEchoTools.echo': {
      className: 'LocalEchoTools',
      methodName: 'echo',
      sourceFile: 'mcp-tool-classes.ts',
      parameters: [{ name: 'message', index: 0, kind: 'argument', optional: false }],
      inputSchema: { ...OBJECT_SCHEMA, properties: { message: { type: 'string' } }, required: ['message'] },
      returnsVoid: false,
    },
    'GreetingTools.greet': {
      className: 'GreetingTools',
      methodName: 'greet',
      sourceFile: 'mcp-tool-classes.ts',
      parameters: [
        { name: 'name', index: 0, kind: 'argument', optional: false },
        { name: 'toolContext', index: 1, kind: 'toolContext', optional: false },
      ],
      inputSchema: { ...OBJECT_SCHEMA, properties: { name: { type: 'string' } }, required: ['name'] },
      returnsVoid: false,
    },
    'GreetingTools.welcome': {
      className: 'GreetingTools',
      methodName: 'welcome',
      sourceFile: 'mcp-tool-classes.ts',
      parameters: [{ name: 'name', index: 0, kind: 'argument', optional: false }],
      inputSchema: { ...OBJECT_SCHEMA, properties: { name: { type: 'string' } }, required: ['name'] },
      returnsVoid: false,
    },
  },
};
