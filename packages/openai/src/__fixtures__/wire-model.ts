import { OpenAiWireServer, type WireScriptStep } from '@sprout-ai/test';
import { OpenAiChatModel, type OpenAiChatModelOptions } from '../openai-chat-model';

/**
 * For a `describe` block: `modelWith(script, options)` starts an `OpenAiWireServer` with the script
 * and returns a real `OpenAiChatModel` pointed at it (no retries); the server is closed after each test.
 */
export function wireModels(): (
  script: readonly WireScriptStep[],
  options?: Omit<OpenAiChatModelOptions, 'baseUrl'>,
) => Promise<{ model: OpenAiChatModel; wire: OpenAiWireServer }> {
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return async (script, options = {}) => {
    const wire = await OpenAiWireServer.start({ script });
    server = wire;
    return {
      model: new OpenAiChatModel({ apiKey: 'sk-test', maxRetries: 0, ...options, baseUrl: wire.baseUrl }),
      wire,
    };
  };
}
