import { PropertyReader, type PropertyValue } from './property-reader';
import { bindToolCallingProperties, DEFAULT_TOOL_CALLING_PROPERTIES } from './tool-calling-properties';

function bind(record: Record<string, string>) {
  const values = new Map<string, PropertyValue>(
    Object.entries(record).map(([key, value]) => [key, { value, origin: 'override' }]),
  );
  return bindToolCallingProperties(new PropertyReader(values), values.keys());
}

describe(bindToolCallingProperties, () => {
  describe('when no execution, result or errors key is set', () => {
    it("should give core's defaults: 10 at once, no timeout, 100 000 characters, masked errors", () => {
      const properties = bind({ 'spring.ai.tools.throw-exception-on-error': 'false' });

      expect(properties.execution).toEqual({ maxConcurrency: 10, timeoutMs: undefined });
      expect(properties.result).toEqual({ maxChars: 100_000 });
      expect(properties.errors).toEqual({ detail: 'masked' });
      expect(DEFAULT_TOOL_CALLING_PROPERTIES).toEqual(bind({}));
    });
  });

  describe('when spring.ai.tools.execution.timeout is set', () => {
    it.each([
      ['30s', 30_000],
      ['500ms', 500],
      ['2m', 120_000],
      ['1h', 3_600_000],
      ['1500', 1_500],
      [' 45 S ', 45_000],
    ])('should read %j as %d ms', (text, ms) => {
      expect(bind({ 'spring.ai.tools.execution.timeout': text }).execution.timeoutMs).toBe(ms);
    });
  });

  describe('when the other execution, result and errors keys are set', () => {
    it('should read them', () => {
      const properties = bind({
        'spring.ai.tools.execution.max-concurrency': '1',
        'spring.ai.tools.result.max-chars': '2000',
        'spring.ai.tools.errors.detail': 'GENERIC',
      });

      expect(properties.execution.maxConcurrency).toBe(1);
      expect(properties.result.maxChars).toBe(2000);
      expect(properties.errors.detail).toBe('generic');
    });

    it.each(['masked', 'message', 'generic'])('should accept errors.detail=%s', (detail) => {
      expect(bind({ 'spring.ai.tools.errors.detail': detail }).errors.detail).toBe(detail);
    });

    it('should take -1 as no cap on result characters', () => {
      expect(bind({ 'spring.ai.tools.result.max-chars': '-1' }).result.maxChars).toBe(-1);
    });
  });

  describe('when spring.ai.tools.observations.include-content is set', () => {
    it('should read it, off by default', () => {
      expect(bind({}).observations.includeContent).toBe(false);
      expect(bind({ 'spring.ai.tools.observations.include-content': 'true' }).observations.includeContent).toBe(true);
    });

    it('should reject a value that is not a boolean, naming the key', () => {
      expect(() => bind({ 'spring.ai.tools.observations.include-content': 'yes please' })).toThrow(
        /spring\.ai\.tools\.observations\.include-content/,
      );
    });
  });
});
