import {
  MethodToolCallbackProvider,
  MissingToolSchemaError,
  type ToolCallbackProvider,
  type ToolSchemaRegistry,
} from '@sprout-ai/core';
import { createLogger, toolClassRegistry } from '@sprout-ai/core/internal';
import type { Container, ServiceIdentifier } from 'inversify';
import { ToolScanError } from './tool-scan-error';

const logger = createLogger('@sprout-ai/boot/scan');

/** What {@link scanToolClasses} found. */
export interface ToolScanResult {
  /** The resolved tool instances, one per binding, in registry order. */
  readonly toolObjects: readonly object[];
  /**
   * Their `@Tool` methods, checked (each has a schema, names are unique across all of them); the
   * callbacks are built at its first `getToolCallbacks()` call.
   */
  readonly toolCallbacks: ToolCallbackProvider;
}

/**
 * Finds every class with `@Tool` methods (core's `toolClassRegistry`) that is bound in the
 * container under the class itself, resolves its instance(s), and checks their `@Tool` methods with
 * {@link MethodToolCallbackProvider} and the given schema registry (which builds the callbacks when
 * they are first asked for). Classes that are
 * not bound are skipped (debug log): declaring a tool class is not enough, as in Spring where only
 * beans are scanned.
 *
 * @param container - the container with the user's modules loaded
 * @param schemaRegistry - where the build-time schemas of the methods are looked up
 * @returns the tool instances and their callbacks
 * @throws DuplicateToolNameError when two tools share a name (naming both sources, e.g. `OrderTools.find, UserTools.find`)
 * @throws ToolScanError when the schema manifest lacks a bound class's method (the message names the fix)
 * @see Spring AI `ToolCallingAutoConfiguration` (tool callback beans) and `MethodToolCallbackProvider`
 */
export async function scanToolClasses(
  container: Container,
  schemaRegistry: ToolSchemaRegistry,
): Promise<ToolScanResult> {
  const toolObjects: object[] = [];
  for (const toolClass of toolClassRegistry) {
    const instances = await instancesOf(container, toolClass);
    if (instances === undefined) {
      logger.debug(
        { toolClass: toolClass.name },
        `@Tool class ${toolClass.name} is not bound in the container; skipped`,
      );
      continue;
    }
    for (const instance of instances) {
      if (typeof instance === 'object' && instance !== null && !toolObjects.includes(instance))
        toolObjects.push(instance);
    }
  }
  if (toolObjects.length === 0) return { toolObjects, toolCallbacks: { getToolCallbacks: () => [] } };

  let toolCallbacks: ToolCallbackProvider;
  try {
    toolCallbacks = MethodToolCallbackProvider.builder()
      .toolObjects(...toolObjects)
      .schemaRegistry(schemaRegistry)
      .build();
  } catch (error) {
    if (MissingToolSchemaError.isInstance(error)) {
      throw new ToolScanError({ className: error.className, cause: error, manifestsLoaded: schemaRegistry.sources });
    }
    throw error;
  }
  if (logger.isLevelEnabled('debug')) {
    const callbacks = toolCallbacks.getToolCallbacks();
    logger.debug(
      { tools: callbacks.map((callback) => callback.toolDefinition.name) },
      `Registered ${callbacks.length} tool(s) from ${toolObjects.length} bound class(es)`,
    );
  }
  return { toolObjects, toolCallbacks };
}

/**
 * Every instance bound under the class, or `undefined` when it is not bound. A class has one binding
 * nearly always: resolving that one binding is cheaper at start-up than resolving all of them, or
 * than asking `isBound` first (measured: 50 `isBound` calls cost about as much as 10 resolutions).
 * inversify refuses a single-binding lookup when there are none or several, before making any
 * instance; only then is the container asked which it is.
 */
async function instancesOf(
  container: Container,
  toolClass: ServiceIdentifier,
): Promise<readonly unknown[] | undefined> {
  try {
    return [await container.getAsync<unknown>(toolClass)];
  } catch (error) {
    if (!container.isBound(toolClass)) return undefined;
    if (error instanceof Error && error.message.startsWith('Ambiguous bindings')) {
      return container.getAllAsync<unknown>(toolClass);
    }
    throw error;
  }
}
