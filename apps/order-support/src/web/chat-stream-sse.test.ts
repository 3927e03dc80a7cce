import { ToolApprovalExpiredError, ToolApprovalNotFoundError } from '@sprout-ai/chat-client';
import { ModelApiError } from '@sprout-ai/core';
import { OpenAiApiError } from '@sprout-ai/openai';
import { upstreamErrorOf } from './chat-stream-sse';

describe(upstreamErrorOf, () => {
  const endpoint = { baseUrl: 'http://127.0.0.1:9/v1', model: 'gpt-4o-mini' };

  it.each([
    ['an OpenAI error status', new OpenAiApiError({ ...endpoint, message: 'answered 503', status: 503 })],
    [
      'an unreachable endpoint of any provider',
      new ModelApiError({ ...endpoint, provider: 'anthropic', message: 'ECONNREFUSED' }),
    ],
  ])('should call %s model-unavailable, keeping its message for the log only', (_case, error) => {
    const upstream = upstreamErrorOf(error);

    expect(upstream).toMatchObject({ code: 'model-unavailable', retryable: true });
    expect(upstream.message).not.toMatch(/127\.0\.0\.1|503|ECONNREFUSED/);
    expect(upstream.detail).toContain(error.message);
  });

  it('should not take an error that merely has a status or a baseUrl for a model failure', () => {
    const toolHttpError = Object.assign(new Error('orders service answered 500'), { status: 500, baseUrl: 'x' });

    expect(upstreamErrorOf(toolHttpError)).toMatchObject({ code: 'turn-failed', retryable: true });
  });

  it.each([
    ['not found', new ToolApprovalNotFoundError({ conversationId: 'c1' })],
    ['expired', new ToolApprovalExpiredError({ conversationId: 'c1', expiresAt: '2026-01-01T00:00:00Z' })],
  ])('should call an approval %s approval-refused with its own message', (_case, error) => {
    expect(upstreamErrorOf(error)).toEqual({
      code: 'approval-refused',
      message: error.message,
      retryable: false,
      detail: `${error.name}: ${error.message}`,
    });
  });

  it('should call anything else turn-failed', () => {
    expect(upstreamErrorOf('boom')).toMatchObject({ code: 'turn-failed', detail: 'boom' });
  });
});
