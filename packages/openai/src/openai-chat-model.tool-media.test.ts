import { AssistantMessage, Media, Prompt, ToolResponseMessage, UserMessage } from '@sprout-ai/core';
import { chatCompletion } from '@sprout-ai/test';
import { wireModels } from './__fixtures__/wire-model';
import { OpenAiChatModel } from './openai-chat-model';

describe(OpenAiChatModel, () => {
  const modelWith = wireModels();

  describe('.call with tool results that carry media (MCP tools returned images)', () => {
    const calls = new AssistantMessage('', [
      { id: 'call_1', type: 'function', name: 'photo', arguments: '{}' },
      { id: 'call_2', type: 'function', name: 'recording', arguments: '{}' },
      { id: 'call_3', type: 'function', name: 'photo', arguments: '{}' },
    ]);
    const results = new ToolResponseMessage([
      {
        id: 'call_1',
        name: 'photo',
        responseData: '[image: image/png, 3 bytes]',
        media: [new Media({ mimeType: 'image/png', data: Buffer.from([1, 2, 3]) })],
      },
      {
        id: 'call_2',
        name: 'recording',
        responseData: '[audio: audio/wav, 3 bytes]',
        media: [new Media({ mimeType: 'audio/wav', data: Buffer.from([1, 2, 3]) })],
      },
      {
        id: 'call_3',
        name: 'photo',
        responseData: '[image: image/jpeg, 3 bytes]',
        media: [new Media({ mimeType: 'image/jpeg', data: 'https://example.com/b.jpg' })],
      },
    ]);

    it('should send all tool messages first, then one user message with each tool’s images labelled', async () => {
      const { model, wire } = await modelWith([chatCompletion({ content: 'ok' })]);

      await model.call(new Prompt([new UserMessage('Look'), calls, results, new UserMessage('And now?')]));

      expect(wire.requests[0].messages.slice(2)).toEqual([
        { role: 'tool', tool_call_id: 'call_1', content: '[image: image/png, 3 bytes]' },
        { role: 'tool', tool_call_id: 'call_2', content: '[audio: audio/wav, 3 bytes]' },
        { role: 'tool', tool_call_id: 'call_3', content: '[image: image/jpeg, 3 bytes]' },
        {
          role: 'user',
          content: [
            { type: 'text', text: "Images returned by tool 'photo' (call call_1):" },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AQID' } },
            { type: 'text', text: "Images returned by tool 'photo' (call call_3):" },
            { type: 'image_url', image_url: { url: 'https://example.com/b.jpg' } },
          ],
        },
        { role: 'user', content: 'And now?' },
      ]);
    });
  });
});
