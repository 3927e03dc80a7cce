import { ConfigurationError, type ToolCallback, type ToolCallbackProvider, ToolCallbacks } from '@sprout-ai/core';
import { isToolCallbackProvider } from '@sprout-ai/core/internal';

/** What `.tools(...)` may be given: a callback, a provider, an object with `@Tool` methods, or arrays of those. */
export type ToolInput = ToolCallback | ToolCallbackProvider | object | readonly ToolInput[];

/** The tools of one `.tools(...)` call, sorted into callbacks (ready now) and providers (asked per request). */
export interface RegisteredTools {
  readonly toolCallbacks: ToolCallback[];
  readonly toolCallbackProviders: ToolCallbackProvider[];
}

/**
 * Sorts the arguments of `.tools(...)`/`.defaultTools(...)`: callbacks and providers are kept as
 * they are, arrays are walked, and every other object is converted **now** with
 * `ToolCallbacks.from` (its callbacks come after the ones given directly).
 *
 * @param items - the arguments
 * @param method - the method name for error messages, e.g. `tools`
 * @throws ConfigurationError for `null`/`undefined`, a class instead of an instance,
 * or a primitive
 * @throws MissingToolSchemaError, DuplicateToolNameError … from `ToolCallbacks.from`
 */
export function registerTools(items: readonly unknown[], method: string): RegisteredTools {
  const toolCallbacks: ToolCallback[] = [];
  const toolCallbackProviders: ToolCallbackProvider[] = [];
  const toolObjects: object[] = [];
  const visit = (item: unknown, where: string): void => {
    if (item === null || item === undefined) {
      fail(method, item, `${where} is ${String(item)}`);
    } else if (Array.isArray(item)) {
      item.forEach((element, i) => visit(element, `element ${i} of ${where}`));
    } else if (isToolCallback(item)) {
      toolCallbacks.push(item);
    } else if (isToolCallbackProvider(item)) {
      toolCallbackProviders.push(item);
    } else if (typeof item === 'function') {
      const name = (item as { name?: string }).name || 'a function';
      fail(method, item, `${where} is the class or function ${name}; pass an instance (new ${name}()) instead`);
    } else if (typeof item === 'object') {
      toolObjects.push(item);
    } else {
      fail(method, item, `${where} is the ${typeof item} ${JSON.stringify(item)}`);
    }
  };
  items.forEach((item, i) => visit(item, `argument ${i + 1}`));
  if (toolObjects.length > 0) {
    toolCallbacks.push(...ToolCallbacks.from(...toolObjects));
  }
  return { toolCallbacks, toolCallbackProviders };
}

/** True when `value` has a `toolDefinition` object and a `call` method. */
export function isToolCallback(value: unknown): value is ToolCallback {
  const candidate = value as Partial<ToolCallback> | null;
  return (
    typeof value === 'object' &&
    candidate !== null &&
    typeof candidate.toolDefinition === 'object' &&
    candidate.toolDefinition !== null &&
    typeof candidate.call === 'function'
  );
}

function fail(method: string, value: unknown, what: string): never {
  throw new ConfigurationError({
    setting: method,
    value,
    allowed: 'ToolCallbacks, ToolCallbackProviders, objects with @Tool methods, or arrays of those',
    message:
      `${method}(): ${what}. Pass ToolCallbacks, ToolCallbackProviders, objects with @Tool methods, ` +
      'or arrays of those.',
  });
}
