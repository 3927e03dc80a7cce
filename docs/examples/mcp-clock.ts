import path from 'node:path';
import { ChatClient } from '@sprout-ai/chat-client';
import { toolSchemaRegistry } from '@sprout-ai/core';
import {
  McpClientConnection,
  type McpHttpServerHandle,
  McpTool,
  McpToolCallbackProvider,
  McpToolParam,
  McpToolServer,
  mcpToolCallbacks,
} from '@sprout-ai/mcp';
import { chatModel } from './model';

toolSchemaRegistry.loadFile(path.join(__dirname, 'tool-schemas.json')); // @McpTool schemas, from sprout-schema

export class ClockTools {
  @McpTool({ description: 'The current date and time in a time zone' })
  now(@McpToolParam({ description: 'IANA time zone, e.g. Europe/Paris' }) timeZone: string): string {
    return new Date().toLocaleString('en-GB', { timeZone });
  }
}

// #region serve
export async function serveClock(port: number): Promise<McpHttpServerHandle> {
  const server = new McpToolServer({ toolCallbacks: mcpToolCallbacks([new ClockTools()]) });
  return server.listen({ port }); // http://127.0.0.1:<port>/mcp
}
// #endregion serve

// #region consume
export async function askClock(url: string, question: string): Promise<string> {
  const clock = new McpClientConnection({ name: 'clock', transport: { type: 'streamable-http', url } });
  const mcpTools = await McpToolCallbackProvider.create({ connections: [clock] });
  try {
    return await ChatClient.create(chatModel).prompt(question).tools(mcpTools).call().content();
  } finally {
    await mcpTools.close();
  }
}
// #endregion consume
