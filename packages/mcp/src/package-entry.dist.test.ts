import { join } from 'node:path';
import { FunctionToolCallback, ToolContext } from '@sprout-ai/core';
import { McpClientConnection, McpToolCallbackProvider, McpToolServer } from '@sprout-ai/mcp';
import { mcpToolClassRegistry } from '@sprout-ai/mcp/internal';

// The built package as a user's code loads it: through node_modules and the exports map to dist/.
describe('@sprout-ai/mcp entry', () => {
  it('should resolve to the build', () => {
    expect(require.resolve('@sprout-ai/mcp')).toBe(join(__dirname, '../dist/index.js'));
    expect(require.resolve('@sprout-ai/mcp/internal')).toBe(join(__dirname, '../dist/internal.js'));
    expect(mcpToolClassRegistry).toBeInstanceOf(Set);
  });

  it('should serve a tool over streamable HTTP and call it as a tool callback', async () => {
    const echo = FunctionToolCallback.builder<{ text: string }, string>('echo', ({ text }) => text)
      .description('Echoes the text')
      .inputSchema({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] })
      .build();
    const http = await new McpToolServer({ toolCallbacks: [echo] }).listen();
    const connection = new McpClientConnection({
      name: 'local',
      transport: { type: 'streamable-http', url: http.url },
    });
    try {
      const provider = await McpToolCallbackProvider.create({ connections: [connection] });
      const [callback] = provider.getToolCallbacks();

      expect(callback.toolDefinition.name).toBe('echo');
      expect(await callback.call('{"text":"over MCP"}', new ToolContext({}))).toContain('over MCP');
      await provider.close();
    } finally {
      await connection.close();
      await http.close();
    }
  });
});
