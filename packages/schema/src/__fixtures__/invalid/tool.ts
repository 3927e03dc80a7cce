/**
 * Stands in for `@Tool` of `@sprout-ai/core` (sprout-schema recognises the decorator by name), so
 * these fixtures compile without loading the whole core package.
 */
export function Tool(options: { readonly description?: string } = {}): MethodDecorator {
  return () => void options;
}
