import { errorOf } from '@sprout-ai/test';
import { InvalidPropertyError } from './invalid-property-error';
import { bindMcpServerProperties, isMcpServerConfigured } from './mcp-server-properties';
import { SproutProperties } from './sprout-properties';

describe('bindMcpServerProperties: resumable streams (sprout.mcp.server.streamable-http.*)', () => {
  it('should read the event store and retry settings', () => {
    const properties = SproutProperties.from({
      'sprout.mcp.server.streamable-http.resumable': 'true',
      'sprout.mcp.server.streamable-http.retry-interval': '250ms',
      'sprout.mcp.server.streamable-http.event-store.max-events': '500',
      'sprout.mcp.server.streamable-http.event-store.time-to-live': '2m',
    });

    expect(isMcpServerConfigured(properties)).toBe(true);
    expect(bindMcpServerProperties(properties)).toMatchObject({
      resumable: true,
      retryIntervalMs: 250,
      eventStoreMaxEvents: 500,
      eventStoreTimeToLiveMs: 120_000,
    });
  });

  it('should refuse resumable streams on a stateless server, naming the key', () => {
    const properties = SproutProperties.from({
      'spring.ai.mcp.server.protocol': 'STATELESS',
      'sprout.mcp.server.streamable-http.resumable': 'true',
    });

    const error = errorOf(() => bindMcpServerProperties(properties), InvalidPropertyError);

    expect(error).toMatchObject({ setting: 'sprout.mcp.server.streamable-http.resumable', value: 'true' });
    expect(error.message).toMatch(/STATELESS/);
  });

  it.each([
    ['sprout.mcp.server.streamable-http.event-store.max-events', '0'],
    ['sprout.mcp.server.streamable-http.retry-interval', 'soon'],
  ])('should reject %s=%s naming the key', (key, value) => {
    const error = errorOf(() => bindMcpServerProperties(SproutProperties.from({ [key]: value })), InvalidPropertyError);
    expect(error).toMatchObject({ setting: key, value });
  });
});
