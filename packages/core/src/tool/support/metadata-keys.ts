/** Reflect-metadata keys of the core package, stored on class constructors. */
export const METADATA_KEYS = {
  /** `ToolMethodOptions[]` of a class's own `@Tool` methods. */
  toolMethods: '@sprout-ai/core/tool/methods',
  /** `Record<methodName, Record<index, ToolParamOptions>>`. */
  toolParams: '@sprout-ai/core/tool/params',
  /** `Record<propertyName, ToolParamOptions>` of a class's own `@ToolParam` properties (augmentation argument types). */
  toolParamProperties: '@sprout-ai/core/tool/param-properties',
} as const;
