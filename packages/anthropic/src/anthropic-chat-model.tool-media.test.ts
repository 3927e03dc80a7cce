import { AssistantMessage, Media, Prompt, ToolResponseMessage, UserMessage } from '@sprout-ai/core';
import { anthropicMessage } from '@sprout-ai/test';
import { wireModels } from './__fixtures__/wire-model';
import { AnthropicChatModel } from './anthropic-chat-model';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe(AnthropicChatModel, () => {
  const modelWith = wireModels();

  describe('.call with a tool result that carries media (an MCP tool returned an image)', () => {
    const call = new AssistantMessage('', [{ id: 'toolu_1', type: 'function', name: 'parcelPhoto', arguments: '{}' }]);

    it('should send the images as image blocks of the tool_result, after its text', async () => {
      const { model, wire } = await modelWith([anthropicMessage({ text: 'Dented.' })]);
      const result = new ToolResponseMessage([
        {
          id: 'toolu_1',
          name: 'parcelPhoto',
          responseData: 'Photo of A123\n[image: image/png, 4 bytes]',
          media: [new Media({ mimeType: 'image/png', data: PNG })],
        },
      ]);

      await model.call(new Prompt([new UserMessage('Damaged?'), call, result]));

      expect(wire.requests[0].messages.at(-1)).toEqual({
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: [
              { type: 'text', text: 'Photo of A123\n[image: image/png, 4 bytes]' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG.toString('base64') } },
            ],
          },
        ],
      });
    });

    it('should keep media the Messages API does not take as the placeholder text only', async () => {
      const { model, wire } = await modelWith([anthropicMessage({ text: 'ok' })]);
      const result = new ToolResponseMessage([
        {
          id: 'toolu_1',
          name: 'parcelPhoto',
          responseData: '[audio: audio/wav, 4 bytes]',
          media: [new Media({ mimeType: 'audio/wav', data: PNG })],
        },
      ]);

      await model.call(new Prompt([new UserMessage('Listen'), call, result]));

      expect(wire.requests[0].messages.at(-1)).toEqual({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '[audio: audio/wav, 4 bytes]' }],
      });
    });
  });
});
