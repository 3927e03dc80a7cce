import { AssistantMessage } from '../../chat/messages/assistant-message';
import { ToolResponseMessage } from '../../chat/messages/tool-response-message';
import { UserMessage } from '../../chat/messages/user-message';
import { SproutError } from '../../error/sprout-error';
import {
  METADATA_PARTIAL_TOOL_RESPONSES,
  TOOL_CALL_LIMIT_EXCEEDED_FINISH_REASON,
  ToolCallLimitExceededError,
} from './tool-call-limit-exceeded-error';

describe(ToolCallLimitExceededError, () => {
  const empty = { conversationHistory: [], returnDirect: false };

  describe('constructor', () => {
    it('should name the tool when a per-tool limit was exceeded', () => {
      const error = new ToolCallLimitExceededError({ toolName: 'a', limit: 3, partialToolExecutionResult: empty });
      expect(error.message).toBe("Tool call limit (3) exceeded for tool 'a'");
      expect(error).toBeInstanceOf(SproutError);
      expect(error.name).toBe('ToolCallLimitExceededError');
    });
    it('should speak of the total when no tool name is given', () => {
      const error = new ToolCallLimitExceededError({ limit: 150, partialToolExecutionResult: empty });
      expect(error.message).toBe('Total tool call limit (150) exceeded for this turn');
      expect(error.toolName).toBeUndefined();
    });
  });

  describe('.buildGeneration', () => {
    describe('when the partial result ends with tool responses', () => {
      it('should return the limit message as text and the earlier responses as partialToolResponses', () => {
        const responses = [
          { id: '1', name: 'a', responseData: 'a ok' },
          { id: '2', name: 'b', responseData: 'b ok' },
          { id: '3', name: 'a', responseData: 'limit message' },
        ];
        const error = new ToolCallLimitExceededError({
          toolName: 'a',
          limit: 1,
          partialToolExecutionResult: {
            conversationHistory: [new UserMessage('hi'), new AssistantMessage(''), new ToolResponseMessage(responses)],
            returnDirect: false,
          },
        });
        const generation = error.buildGeneration();
        expect(generation.output.text).toBe('limit message');
        expect(generation.output.hasToolCalls()).toBe(false);
        expect(generation.metadata.finishReason).toBe(TOOL_CALL_LIMIT_EXCEEDED_FINISH_REASON);
        expect(generation.metadata.finishReason).toBe('toolCallLimitExceeded');
        expect(generation.metadata[METADATA_PARTIAL_TOOL_RESPONSES]).toEqual(responses.slice(0, 2));
        expect(METADATA_PARTIAL_TOOL_RESPONSES).toBe('partialToolResponses');
      });
    });

    describe('when the partial result does not end with tool responses', () => {
      it.each([
        ['an empty history', []],
        ['a user message last', [new UserMessage('hi')]],
        ['an empty ToolResponseMessage last', [new ToolResponseMessage([])]],
      ])('should use the error message and no partial responses for %s', (_, history) => {
        const error = new ToolCallLimitExceededError({
          limit: 2,
          partialToolExecutionResult: { conversationHistory: history, returnDirect: false },
        });
        const generation = error.buildGeneration();
        expect(generation.output.text).toBe('Total tool call limit (2) exceeded for this turn');
        expect(generation.metadata[METADATA_PARTIAL_TOOL_RESPONSES]).toEqual([]);
        expect(generation.metadata.finishReason).toBe('toolCallLimitExceeded');
      });
    });
  });
});
