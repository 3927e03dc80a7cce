import { ToolResponseMessage, type ToolResponse } from '../../chat/messages/tool-response-message';
import { UserMessage } from '../../chat/messages/user-message';
import { Prompt } from '../../chat/prompt/prompt';
import { Media } from '../../content/media';
import { prepareToolArguments } from '../../tool/execution/prepare-tool-arguments';
import type { ToolCallResult } from '../../tool/tool-call-result';
import type { ToolCallback } from '../../tool/tool-callback';
import { fakeTool, toolCall, toolCallResponse } from './__fixtures__/fake-tool-callback';
import { DefaultToolCallingManager } from './default-tool-calling-manager';
import type { ToolExecutionResult } from './tool-execution-result';

const PHOTO = new Media({ mimeType: 'image/png', data: Buffer.from([1, 2, 3]) });

/** A callback with the prepared-arguments pair and `callPreparedForResult`, answering `result`. */
function photoTool(result: ToolCallResult, maxResultChars?: number): ToolCallback {
  return {
    toolDefinition: { name: 'photo', description: 'photo', inputSchema: '{"type":"object","properties":{}}' },
    toolMetadata: { returnDirect: false, ...(maxResultChars === undefined ? {} : { maxResultChars }) },
    call: () => Promise.resolve('call() is not used'),
    prepareArguments: (raw) => prepareToolArguments(raw),
    callPrepared: () => Promise.resolve('callPrepared() is not used'),
    callPreparedForResult: () => Promise.resolve(result),
  };
}

function responses(result: ToolExecutionResult): readonly ToolResponse[] {
  const last = result.conversationHistory.at(-1);
  if (!(last instanceof ToolResponseMessage)) throw new Error('last message is not a ToolResponseMessage');
  return last.responses;
}

describe(DefaultToolCallingManager, () => {
  describe('.executeToolCalls with a callback that answers with media (callPreparedForResult)', () => {
    async function run(...callbacks: ToolCallback[]): Promise<readonly ToolResponse[]> {
      const calls = callbacks.map((c, i) => toolCall(`c${i}`, c.toolDefinition.name));
      const prompt = new Prompt([new UserMessage('go')], { toolCallbacks: callbacks });
      return responses(await new DefaultToolCallingManager().executeToolCalls(prompt, toolCallResponse(...calls)));
    }

    it('should put its text in responseData and its media in the ToolResponse', async () => {
      const [response] = await run(photoTool({ text: '[image: image/png, 3 bytes]', media: [PHOTO] }));

      expect(response).toEqual({
        id: 'c0',
        name: 'photo',
        responseData: '[image: image/png, 3 bytes]',
        media: [PHOTO],
      });
    });

    it('should cap the text to maxResultChars and keep the media whole', async () => {
      const [response] = await run(photoTool({ text: 'x'.repeat(500), media: [PHOTO] }, 100));

      expect(response.responseData.length).toBeLessThan(500);
      expect(response.media).toEqual([PHOTO]);
    });

    it('should add no media field for a plain callback or a result without media', async () => {
      const [plain, empty] = await run(fakeTool('plain'), photoTool({ text: 'only text', media: [] }));

      expect(plain).toEqual({ id: 'c0', name: 'plain', responseData: 'plain ok' });
      expect(empty).toEqual({ id: 'c1', name: 'photo', responseData: 'only text' });
    });
  });
});
