import 'reflect-metadata';
import type { ToolMethodOptions } from '../annotation/tool';
import type { ToolParamOptions } from '../annotation/tool-param';
import { METADATA_KEYS } from '../support/metadata-keys';

/** One `@Tool` method of a tool object. */
export interface FoundToolMethod {
  /** The class in the prototype chain whose `@Tool` declares the method (its name keys the manifest). */
  readonly declaringClass: abstract new (...args: never[]) => unknown;
  /** The `@Tool` options and the method name. */
  readonly options: ToolMethodOptions;
  /** The `@ToolParam` options of the method's parameters, by index. */
  readonly paramOptions: Readonly<Record<number, ToolParamOptions>>;
}

/**
 * The `@Tool` methods of an object: its prototype chain is walked once, from its own class up; a
 * subclass's `@Tool` method hides the parent's of the same name; accessors and names whose value
 * is not a function are skipped.
 *
 * @param toolObject - an instance of a class with `@Tool` methods
 * @returns the methods, most-derived class first, in declaration order within a class
 */
export function findToolMethods(toolObject: object): FoundToolMethod[] {
  const found: FoundToolMethod[] = [];
  forEachToolMethod(toolObject, (declaringClass, options, paramOptions) => {
    found.push({ declaringClass, options, paramOptions });
  });
  return found;
}

/**
 * Visits the methods {@link findToolMethods} returns, in the same order, without making an object
 * for each (start-up checks hundreds of methods and builds their callbacks only at first use).
 *
 * @param toolObject - an instance of a class with `@Tool` methods
 * @param visit - called with the method's declaring class, `@Tool` options and `@ToolParam` options
 * @returns how many methods were visited
 */
export function forEachToolMethod(
  toolObject: object,
  visit: (
    declaringClass: FoundToolMethod['declaringClass'],
    options: ToolMethodOptions,
    paramOptions: FoundToolMethod['paramOptions'],
  ) => void,
): number {
  let count = 0;
  // Names declared nearer the object hide a parent's; the set is made only when a second class in
  // the chain declares @Tool methods (nearly every tool object has one).
  let nearest: readonly ToolMethodOptions[] | undefined;
  let hidden: Set<string> | undefined;
  for (let proto: unknown = Object.getPrototypeOf(toolObject); isObject(proto); proto = Object.getPrototypeOf(proto)) {
    if (proto === Object.prototype || !Object.prototype.hasOwnProperty.call(proto, 'constructor')) continue;
    const ctor = (proto as { constructor: FoundToolMethod['declaringClass'] }).constructor;
    const methods = Reflect.getOwnMetadata(METADATA_KEYS.toolMethods, ctor) as ToolMethodOptions[] | undefined;
    if (methods === undefined || methods.length === 0) continue;
    const params = Reflect.getOwnMetadata(METADATA_KEYS.toolParams, ctor) as
      Record<string, Record<number, ToolParamOptions>> | undefined;
    if (nearest === undefined) nearest = methods;
    else hidden ??= new Set(nearest.map((options) => options.methodName));
    for (const options of methods) {
      const name = options.methodName;
      if (hidden !== undefined) {
        if (hidden.has(name)) continue;
        hidden.add(name);
      }
      if (!isCallableMethod(toolObject, name)) continue;
      count++;
      visit(ctor, options, params?.[name] ?? NO_PARAM_OPTIONS);
    }
  }
  return count;
}

/** The `paramOptions` of a method without `@ToolParam` (shared: found methods are read, never changed). */
export const NO_PARAM_OPTIONS: Readonly<Record<number, ToolParamOptions>> = Object.freeze({});

/** True when the nearest definition of `name` in the chain is a function value (not an accessor). */
function isCallableMethod(toolObject: object, name: string): boolean {
  for (let o: object | null = toolObject; o !== null; o = Object.getPrototypeOf(o) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(o, name);
    if (descriptor !== undefined) return typeof descriptor.value === 'function';
  }
  return false;
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}
