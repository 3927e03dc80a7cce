/** Reflect-metadata keys of the core package, stored on class constructors. */
export const METADATA_KEYS = {
  /** `ToolMethodOptions[]` of a class's own `@Tool` methods. */
  toolMethods: '@sprout-ai/core/tool/methods',
  /** `Record<methodName, Record<index, ToolParamOptions>>`. */
  toolParams: '@sprout-ai/core/tool/params',
} as const;
