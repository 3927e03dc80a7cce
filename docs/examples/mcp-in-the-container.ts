import { McpTokens, SproutApplication } from '@sprout-ai/boot';
import type { McpToolFilter } from '@sprout-ai/mcp';
import { ContainerModule } from 'inversify';

// Only the getters of the 'everything' server; every tool of the other connections.
const onlyGetters: McpToolFilter = (connection, tool) =>
  connection.connectionName !== 'everything' || tool.name.startsWith('get-');

export async function askWithMcpTools(question: string): Promise<string> {
  const app = await SproutApplication.run({
    modules: [new ContainerModule(({ bind }) => void bind(McpTokens.McpToolFilter).toConstantValue(onlyGetters))],
  });
  try {
    const mcpTools = app.get(McpTokens.McpToolCallbackProvider); // the spring.ai.mcp.client.* connections
    return await app.chatClient().prompt(question).tools(mcpTools).call().content();
  } finally {
    await app.close();
  }
}
