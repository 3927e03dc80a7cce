import { ChatClient } from '@sprout-ai/chat-client';
import { ToolResponseMessage } from '@sprout-ai/core';
import { ScriptedChatModel, assistantText, assistantToolCalls } from '@sprout-ai/test';
import { weatherTool } from './weather-tool';

describe('the weather tool', () => {
  it('should give the model the temperature it asked for', async () => {
    const model = new ScriptedChatModel([
      assistantToolCalls([{ name: 'getWeather', arguments: { city: 'Lyon' } }]),
      (prompt) => {
        const last = prompt.instructions.at(-1);
        return assistantText(last instanceof ToolResponseMessage ? last.responses[0].responseData : 'no result');
      },
    ]);

    const answer = await ChatClient.create(model)
      .prompt('Weather in Lyon?')
      .toolCallbacks(weatherTool)
      .call()
      .content();

    expect(answer).toBe('{"city":"Lyon","celsius":21}');
  });
});
