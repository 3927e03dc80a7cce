/**
 * Every class that declares an `@Tool` method, in load order. The container scanner keeps the ones
 * that are bound in the container.
 */
export const toolClassRegistry = new Set<abstract new (...args: never[]) => unknown>();
