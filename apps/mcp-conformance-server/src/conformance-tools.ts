import type { ToolContext } from '@sprout-ai/core';
import { McpContents, McpRequestContext, McpTool, McpToolError, McpToolParam, McpToolResult } from '@sprout-ai/mcp';
import { RED_PIXEL_PNG, SILENT_WAV } from './media';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The tools the conformance suite's server scenarios call, as `@McpTool` methods. */
export class ConformanceTools {
  @McpTool({ name: 'test_simple_text', description: 'Returns simple text', annotations: { readOnlyHint: true } })
  simpleText(): string {
    return 'This is a simple text response for testing.';
  }

  @McpTool({ name: 'test_image_content', description: 'Returns a 1x1 PNG image' })
  imageContent(): McpToolResult {
    return McpToolResult.of(McpContents.image(RED_PIXEL_PNG, 'image/png'));
  }

  @McpTool({ name: 'test_audio_content', description: 'Returns a short WAV clip' })
  audioContent(): McpToolResult {
    return McpToolResult.of(McpContents.audio(SILENT_WAV, 'audio/wav'));
  }

  @McpTool({ name: 'test_embedded_resource', description: 'Returns an embedded text resource' })
  embeddedResource(): McpToolResult {
    return McpToolResult.of(
      McpContents.textResource('test://embedded-resource', 'text/plain', 'This is an embedded resource content.'),
    );
  }

  @McpTool({ name: 'test_multiple_content_types', description: 'Returns text, an image and a resource' })
  multipleContentTypes(): McpToolResult {
    return McpToolResult.of(
      McpContents.text('Multiple content types test:'),
      McpContents.image(RED_PIXEL_PNG, 'image/png'),
      McpContents.textResource(
        'test://mixed-content-resource',
        'application/json',
        JSON.stringify({ test: 'data', value: 123 }),
      ),
    );
  }

  @McpTool({ name: 'test_tool_with_logging', description: 'Sends three log messages while it runs' })
  async toolWithLogging(toolContext: ToolContext): Promise<string> {
    const mcp = McpRequestContext.from(toolContext);
    await mcp.log('info', 'Tool execution started');
    await delay(50);
    await mcp.log('info', 'Tool processing data');
    await delay(50);
    await mcp.log('info', 'Tool execution completed');
    return 'Tool with logging executed successfully';
  }

  @McpTool({ name: 'test_tool_with_progress', description: 'Reports progress 0, 50 and 100 of 100' })
  async toolWithProgress(toolContext: ToolContext): Promise<string> {
    const mcp = McpRequestContext.from(toolContext);
    await mcp.progress(0, 100, 'Completed step 0 of 100');
    await delay(50);
    await mcp.progress(50, 100, 'Completed step 50 of 100');
    await delay(50);
    await mcp.progress(100, 100, 'Completed step 100 of 100');
    return 'Progress complete';
  }

  @McpTool({ name: 'test_error_handling', description: 'Always fails' })
  errorHandling(): string {
    throw new McpToolError('This tool intentionally returns an error for testing');
  }

  @McpTool({
    name: 'test_reconnection',
    description: 'Closes its SSE stream mid-call and answers on the resumed stream (SEP-1699)',
  })
  async reconnection(toolContext: ToolContext): Promise<string> {
    McpRequestContext.from(toolContext).closeSseStream();
    await delay(100); // the result is stored, and replayed when the client comes back with Last-Event-ID
    return 'Reconnection test completed: the result arrived after the stream was closed.';
  }

  @McpTool({ name: 'test_sampling', description: 'Asks the client for an LLM completion' })
  async sampling(
    @McpToolParam({ description: 'The prompt to send to the LLM' }) prompt: string,
    toolContext: ToolContext,
  ): Promise<string> {
    const result = await McpRequestContext.from(toolContext).sample({
      messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
      maxTokens: 100,
    });
    const { content } = result;
    return `LLM response: ${content.type === 'text' ? content.text : JSON.stringify(content)}`;
  }

  @McpTool({ name: 'test_elicitation', description: 'Asks the user for input' })
  async elicitation(
    @McpToolParam({ description: 'The message to show the user' }) message: string,
    toolContext: ToolContext,
  ): Promise<string> {
    const result = await McpRequestContext.from(toolContext).elicit(message, {
      type: 'object',
      properties: {
        username: { type: 'string', description: "User's response" },
        email: { type: 'string', description: "User's email address" },
      },
      required: ['username', 'email'],
    });
    return `User response: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`;
  }

  @McpTool({ name: 'test_elicitation_sep1034_defaults', description: 'Elicitation with defaults (SEP-1034)' })
  async elicitationDefaults(toolContext: ToolContext): Promise<string> {
    const result = await McpRequestContext.from(toolContext).elicit('Please review and update the form fields', {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'User name', default: 'John Doe' },
        age: { type: 'integer', description: 'User age', default: 30 },
        score: { type: 'number', description: 'User score', default: 95.5 },
        status: {
          type: 'string',
          description: 'User status',
          enum: ['active', 'inactive', 'pending'],
          default: 'active',
        },
        verified: { type: 'boolean', description: 'Verification status', default: true },
      },
      required: [],
    });
    return `Elicitation completed: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`;
  }

  @McpTool({ name: 'test_elicitation_sep1330_enums', description: 'Elicitation with enum variants (SEP-1330)' })
  async elicitationEnums(toolContext: ToolContext): Promise<string> {
    const result = await McpRequestContext.from(toolContext).elicit('Please select options from the enum fields', {
      type: 'object',
      properties: {
        untitledSingle: { type: 'string', description: 'Select one option', enum: ['option1', 'option2', 'option3'] },
        titledSingle: {
          type: 'string',
          description: 'Select one option with titles',
          oneOf: [
            { const: 'value1', title: 'First Option' },
            { const: 'value2', title: 'Second Option' },
            { const: 'value3', title: 'Third Option' },
          ],
        },
        legacyEnum: {
          type: 'string',
          description: 'Select one option (legacy)',
          enum: ['opt1', 'opt2', 'opt3'],
          enumNames: ['Option One', 'Option Two', 'Option Three'],
        },
        untitledMulti: {
          type: 'array',
          description: 'Select multiple options',
          minItems: 1,
          maxItems: 3,
          items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
        },
        titledMulti: {
          type: 'array',
          description: 'Select multiple options with titles',
          minItems: 1,
          maxItems: 3,
          items: {
            anyOf: [
              { const: 'value1', title: 'First Choice' },
              { const: 'value2', title: 'Second Choice' },
              { const: 'value3', title: 'Third Choice' },
            ],
          },
        },
      },
      required: [],
    });
    return `Elicitation completed: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`;
  }
}

/**
 * A postal address. A named type, so its schema lands in `$defs` under its name; lower-case
 * because the SEP-1613 scenario looks for `$defs.address`.
 */
export interface address {
  street?: string;
  city?: string;
}

/** The SEP-1613 tool: its generated input schema keeps `$schema`, `$defs` and `additionalProperties`. */
export class JsonSchemaTools {
  @McpTool({ name: 'json_schema_2020_12_tool', description: 'Tool with JSON Schema 2020-12 features' })
  jsonSchema(name?: string, address?: address): string {
    return `JSON Schema 2020-12 tool called with: ${JSON.stringify({ name, address })}`;
  }
}
