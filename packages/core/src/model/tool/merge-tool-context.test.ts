import { mergeToolContext } from './merge-tool-context';

describe(mergeToolContext, () => {
  it('should combine both, the runtime value winning on the same key', () => {
    const defaults = { tenant: 'acme', userId: 'default' };
    const runtime = { userId: 'u-7' };
    expect(mergeToolContext(runtime, defaults)).toEqual({ tenant: 'acme', userId: 'u-7' });
    expect(defaults).toEqual({ tenant: 'acme', userId: 'default' });
  });
  it('should return an empty object when both are missing', () => {
    expect(mergeToolContext(undefined, undefined)).toEqual({});
  });
});
