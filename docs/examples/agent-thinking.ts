import path from 'node:path';
import { IsIn, IsOptional } from 'class-validator';
import { ChatClient } from '@sprout-ai/chat-client';
import { AugmentedToolCallbackProvider, Tool, ToolParam, toolSchemaRegistry } from '@sprout-ai/core';
import { chatModel } from './model';

toolSchemaRegistry.loadFile(path.join(__dirname, 'tool-schemas.json')); // written by sprout-schema

/** What the model adds to every tool call: sprout-schema writes its schema, as for tool parameters. */
export class AgentThinking {
  @ToolParam({ description: 'Your reasoning for calling this tool' })
  innerThought!: string;

  @ToolParam({ description: 'How sure you are', required: false })
  @IsOptional()
  @IsIn(['low', 'medium', 'high'])
  confidence?: 'low' | 'medium' | 'high';
}

export class ForecastTools {
  @Tool({ description: 'Current temperature in a city' })
  getTemperature(@ToolParam({ description: 'City name, e.g. Lyon' }) city: string) {
    return { city, celsius: 21 }; // gets `city` only: the extra fields are removed first
  }
}

export const reasoningLog: string[] = [];

export const forecastTools = AugmentedToolCallbackProvider.builder()
  .toolObject(new ForecastTools())
  .argumentType(AgentThinking)
  .argumentConsumer(({ toolDefinition, arguments: thinking }) => {
    reasoningLog.push(`${toolDefinition.name}: ${thinking.innerThought} (${thinking.confidence ?? 'unsure'})`);
  })
  .build();

export async function askForecast(question: string): Promise<string> {
  return ChatClient.create(chatModel).prompt(question).tools(forecastTools).call().content();
}
