import { join } from 'node:path';
import { Prompt } from '@sprout-ai/core';
import { OpenAiWireServer, ScriptedChatModel, assistantText, chatCompletion } from '@sprout-ai/test';

// The built package as a user's code loads it: through node_modules and the exports map to dist/.
describe('@sprout-ai/test entry', () => {
  it('should resolve to the build', () => {
    expect(require.resolve('@sprout-ai/test')).toBe(join(__dirname, '../dist/index.js'));
  });

  it('should answer from a scripted model', async () => {
    const model = new ScriptedChatModel([assistantText('Hello!')]);

    expect((await model.call(new Prompt('Hi'))).result?.output.text).toBe('Hello!');
  });

  it('should serve a scripted chat completion over HTTP', async () => {
    const server = await OpenAiWireServer.start({ script: [chatCompletion({ content: 'Hi over the wire' })] });
    try {
      const response = await fetch(`${server.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Hi' }] }),
      });
      const body = (await response.json()) as { choices: { message: { content: string } }[] };

      expect(body.choices[0].message.content).toBe('Hi over the wire');
    } finally {
      await server.close();
    }
  });
});
