import { suggestPropertyKey } from './known-properties';

describe(suggestPropertyKey, () => {
  it('should suggest the scalar key a typo is closest to', () => {
    expect(suggestPropertyKey('spring.ai.tools.limits.max-total-tool-call')).toBe(
      'spring.ai.tools.limits.max-total-tool-calls',
    );
  });

  it.each([
    [
      'spring.ai.tools.limits.max-calls-per-tol.getOrderStatus',
      'spring.ai.tools.limits.max-calls-per-tool.getOrderStatus',
    ],
    ['spring.ai.tools.limits.max-call-per-tool.get_order', 'spring.ai.tools.limits.max-calls-per-tool.get_order'],
    ['spring.ai.tool.limits.max-calls-per-tool.a.b', 'spring.ai.tools.limits.max-calls-per-tool.a.b'],
    ['spring.ai.openai.chat.options.http-header.X-Trace', 'spring.ai.openai.chat.options.http-headers.X-Trace'],
  ])('should keep the name after a mistyped map prefix: %s → %s', (typo, suggestion) => {
    expect(suggestPropertyKey(typo)).toBe(suggestion);
  });

  it('should suggest nothing for a key near no known key or prefix', () => {
    expect(suggestPropertyKey('spring.ai.tools.limits.something-else.getOrderStatus')).toBeUndefined();
    expect(suggestPropertyKey('spring.ai.tools.limits.max-calls-per-tool')).toBeUndefined();
  });
});
