import path from 'node:path';
import { ChatClient, ToolCallingAdvisor } from '@sprout-ai/chat-client';
import { DefaultToolCallingManager, DefaultToolExecutionExceptionProcessor, toolSchemaRegistry } from '@sprout-ai/core';
import { LedgerTools } from './ledger-tools';
import { chatModel } from './model';
import { weatherTool } from './weather-tool';

// Without a container, load the manifest sprout-schema wrote before the first @Tool object is used.
toolSchemaRegistry.loadFile(path.join(__dirname, 'tool-schemas.json'));

// #region manager
const manager = DefaultToolCallingManager.builder()
  .maxConcurrency(4)
  .defaultTimeoutMs(30_000)
  .maxResultChars(50_000)
  .toolExecutionExceptionProcessor(new DefaultToolExecutionExceptionProcessor({ detail: 'generic' }))
  .build();
const chatClient = ChatClient.create(chatModel, {
  toolCallingAdvisorBuilder: ToolCallingAdvisor.builder().toolCallingManager(manager),
});
// #endregion manager

export async function payAndCheckWeather(): Promise<string> {
  // #region turn
  const answer = await chatClient
    .prompt('Pay 40 EUR to Hotel Lyon, and what is the weather in Lyon?')
    .tools(new LedgerTools()) // an @Tool class: its schemas come from sprout-schema's manifest
    .toolCallbacks(weatherTool) // a tool built in code: no manifest needed
    .call()
    .content();
  // #endregion turn
  return answer;
}
