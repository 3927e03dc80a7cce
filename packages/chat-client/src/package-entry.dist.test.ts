import { join } from 'node:path';
import { ChatClient } from '@sprout-ai/chat-client';
import { FunctionToolCallback } from '@sprout-ai/core';
import { ScriptedChatModel, assistantText, assistantToolCalls } from '@sprout-ai/test';

// The built package as a user's code loads it: through node_modules and the exports map to dist/.
describe('@sprout-ai/chat-client entry', () => {
  it('should resolve to the build', () => {
    expect(require.resolve('@sprout-ai/chat-client')).toBe(join(__dirname, '../dist/index.js'));
  });

  it('should run the tool loop and answer', async () => {
    const weather = FunctionToolCallback.builder<{ city: string }, string>('weather', ({ city }) => `sunny in ${city}`)
      .inputSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] })
      .build();
    const model = new ScriptedChatModel([
      assistantToolCalls([{ id: 'c1', name: 'weather', arguments: { city: 'Oslo' } }]),
      assistantText('It is sunny in Oslo.'),
    ]);

    const answer = await ChatClient.create(model).prompt('Weather in Oslo?').tools(weather).call().content();

    expect(answer).toBe('It is sunny in Oslo.');
    expect(model.prompts[1].instructions.at(-1)).toMatchObject({
      responses: [{ id: 'c1', name: 'weather', responseData: '"sunny in Oslo"' }],
    });
  });
});
