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
  const seen = new Set<string>();
  for (let proto: unknown = Object.getPrototypeOf(toolObject); isObject(proto); proto = Object.getPrototypeOf(proto)) {
    if (proto === Object.prototype || !Object.prototype.hasOwnProperty.call(proto, 'constructor')) continue;
    const ctor = (proto as { constructor: FoundToolMethod['declaringClass'] }).constructor;
    const methods = (Reflect.getOwnMetadata(METADATA_KEYS.toolMethods, ctor) ?? []) as ToolMethodOptions[];
    const params = (Reflect.getOwnMetadata(METADATA_KEYS.toolParams, ctor) ?? {}) as Record<
      string,
      Record<number, ToolParamOptions>
    >;
    for (const options of methods) {
      if (seen.has(options.methodName)) continue;
      seen.add(options.methodName);
      if (!isCallableMethod(toolObject, options.methodName)) continue;
      found.push({ declaringClass: ctor, options, paramOptions: params[options.methodName] ?? {} });
    }
  }
  return found;
}

/** True when the nearest definition of `name` in the chain is a function value (not an accessor). */
function isCallableMethod(toolObject: object, name: string): boolean {
  for (let o: unknown = toolObject; isObject(o); o = Object.getPrototypeOf(o)) {
    const descriptor = Object.getOwnPropertyDescriptor(o, name);
    if (descriptor !== undefined) return 'value' in descriptor && typeof descriptor.value === 'function';
  }
  return false;
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}
