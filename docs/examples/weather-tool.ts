import { ChatClient } from '@sprout-ai/chat-client';
import { FunctionToolCallback } from '@sprout-ai/core';
import { chatModel } from './model';

interface WeatherRequest {
  city: string;
}

export const weatherTool = FunctionToolCallback.builder('getWeather', ({ city }: WeatherRequest) => ({
  city,
  celsius: 21,
}))
  .description('Current temperature in a city')
  .inputSchema({
    type: 'object',
    properties: { city: { type: 'string', description: 'City name, e.g. Lyon' } },
    required: ['city'],
    additionalProperties: false,
  })
  .build();

export async function askWeather(question: string): Promise<string> {
  const chatClient = ChatClient.create(chatModel);
  return chatClient.prompt(question).toolCallbacks(weatherTool).call().content();
}
