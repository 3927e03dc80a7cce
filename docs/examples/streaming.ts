import { ChatClient } from '@sprout-ai/chat-client';
import { chatModel } from './model';
import { weatherTool } from './weather-tool';

export async function streamWeather(question: string): Promise<void> {
  const chatClient = ChatClient.create(chatModel);
  for await (const event of chatClient.prompt(question).toolCallbacks(weatherTool).stream().events()) {
    if (event.type === 'text-delta') process.stdout.write(event.text);
    if (event.type === 'tool-call') console.error('calling', event.toolCall.name, event.toolCall.arguments);
    if (event.type === 'tool-result') console.error(event.name, event.status, `${event.durationMs.toFixed(1)} ms`);
    if (event.type === 'finish') process.stdout.write('\n');
  }
}
