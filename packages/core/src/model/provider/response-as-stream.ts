import { AssistantMessage } from '../../chat/messages/assistant-message';
import { ChatResponse } from '../../chat/model/chat-response';

/**
 * A whole `ChatResponse` (of a server that answered a streamed request with one JSON body) in the
 * shape of a stream: each generation's text as a delta (keeping its choice `index`), then one last
 * chunk with the tool calls, finish reasons and the response metadata, usage included.
 *
 * @param response - the mapped answer
 */
export function* responseAsStream(response: ChatResponse): Generator<ChatResponse> {
  const deltas = response.results
    .filter((g) => g.output.text !== '')
    .map((g) => {
      const index = g.output.metadata.index;
      return {
        output: new AssistantMessage(g.output.text, [], typeof index === 'number' ? { index } : {}),
        metadata: {},
      };
    });
  if (deltas.length > 0) {
    const { usage: _usage, ...withoutUsage } = response.metadata;
    yield new ChatResponse(deltas, withoutUsage);
  }
  yield new ChatResponse(
    response.results.map((g) => ({
      output: new AssistantMessage('', g.output.toolCalls, g.output.metadata),
      metadata: g.metadata,
    })),
    response.metadata,
  );
}
