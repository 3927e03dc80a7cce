import { MethodToolCallbackProvider } from './method/method-tool-callback-provider';
import type { ToolCallback } from './tool-callback';

/**
 * Factory of tool callbacks.
 *
 * @see Spring AI `ToolCallbacks`
 */
export class ToolCallbacks {
  private constructor() {}

  /**
   * The callbacks of the `@Tool` methods of objects, with schemas from the shared
   * `toolSchemaRegistry`.
   *
   * @param toolObjects - instances of classes with `@Tool` methods
   * @returns one callback per `@Tool` method
   * @throws as `MethodToolCallbackProvider` does (no `@Tool` methods, missing schema, duplicate names)
   */
  static from(...toolObjects: object[]): ToolCallback[] {
    return [
      ...MethodToolCallbackProvider.builder()
        .toolObjects(...toolObjects)
        .build()
        .getToolCallbacks(),
    ];
  }
}
