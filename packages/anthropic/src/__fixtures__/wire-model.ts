import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AnthropicWireServer,
  type AnthropicWireResponse,
  type AnthropicWireScriptStep,
  sseTranscript,
} from '@sprout-ai/test';
import { AnthropicChatModel, type AnthropicChatModelOptions } from '../anthropic-chat-model';

/**
 * For a `describe` block: `modelWith(script, options)` starts an `AnthropicWireServer` with the
 * script and returns a real `AnthropicChatModel` pointed at it (no retries); the server is closed
 * after each test.
 */
export function wireModels(): (
  script: readonly AnthropicWireScriptStep[],
  options?: Omit<AnthropicChatModelOptions, 'baseUrl'>,
) => Promise<{ model: AnthropicChatModel; wire: AnthropicWireServer }> {
  let server: AnthropicWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return async (script, options = {}) => {
    const wire = await AnthropicWireServer.start({ script });
    server = wire;
    return {
      model: new AnthropicChatModel({ apiKey: 'sk-ant-test', maxRetries: 0, ...options, baseUrl: wire.baseUrl }),
      wire,
    };
  };
}

/** A recorded message fixture (`*.json`): where it was recorded, the case, and the response body. */
export interface MessageFixture {
  readonly source: string;
  readonly case: string;
  readonly response: AnthropicWireResponse;
  readonly [key: string]: unknown;
}

/** Reads `__fixtures__/<name>.json`. */
export function messageFixture(name: string): MessageFixture {
  return JSON.parse(readFileSync(join(__dirname, `${name}.json`), 'utf8')) as MessageFixture;
}

/** The SSE body of `__fixtures__/<name>.sse`, its `#` comment lines removed. */
export function sseFixture(name: string): string {
  return sseTranscript(readFileSync(join(__dirname, `${name}.sse`), 'utf8'));
}
