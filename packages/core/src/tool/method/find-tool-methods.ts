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
  forEachToolClass(toolObject, (declaringClass, methods, params) => {
    for (const options of methods) {
      found.push({ declaringClass, options, paramOptions: params?.[options.methodName] ?? NO_PARAM_OPTIONS });
    }
  });
  return found;
}

/** The `@ToolParam` options of a class's methods, by method name, then parameter index. */
export type ToolParamsByMethod = Readonly<Record<string, Readonly<Record<number, ToolParamOptions>>>>;

/**
 * Visits the classes of the object's prototype chain that declare `@Tool` methods, from its own
 * class up, with the methods {@link findToolMethods} returns for each (in the same order), without
 * making an object per method: start-up checks hundreds of methods with one call per class.
 *
 * @param toolObject - an instance of a class with `@Tool` methods
 * @param visit - called with the class, its visible `@Tool` methods (never empty; the recorded
 * array itself when none is hidden or an accessor, so do not change it) and its `@ToolParam`
 * options by method name (`undefined` when it has none; a method missing there has none)
 * @returns how many methods were visited
 */
export function forEachToolClass(
  toolObject: object,
  visit: (
    declaringClass: FoundToolMethod['declaringClass'],
    methods: readonly ToolMethodOptions[],
    params: ToolParamsByMethod | undefined,
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
    const recorded = Reflect.getOwnMetadata(METADATA_KEYS.toolMethods, ctor) as ToolMethodOptions[] | undefined;
    if (recorded === undefined || recorded.length === 0) continue;
    if (nearest === undefined) nearest = recorded;
    else hidden ??= new Set(nearest.map((options) => options.methodName));
    const methods = visibleMethods(toolObject, recorded, hidden);
    if (methods.length === 0) continue;
    count += methods.length;
    visit(ctor, methods, Reflect.getOwnMetadata(METADATA_KEYS.toolParams, ctor) as ToolParamsByMethod | undefined);
  }
  return count;
}

/**
 * The recorded methods the object can call: not hidden by a nearer class (names are added to
 * `hidden` as they are seen) and not shadowed by an accessor. The same array when all are.
 */
function visibleMethods(
  toolObject: object,
  recorded: readonly ToolMethodOptions[],
  hidden: Set<string> | undefined,
): readonly ToolMethodOptions[] {
  let visible: ToolMethodOptions[] | undefined;
  for (let i = 0; i < recorded.length; i++) {
    const name = recorded[i].methodName;
    let keep: boolean;
    if (hidden?.has(name) === true) keep = false;
    else {
      hidden?.add(name);
      keep = isCallableMethod(toolObject, name);
    }
    if (keep) visible?.push(recorded[i]);
    else visible ??= recorded.slice(0, i);
  }
  return visible ?? recorded;
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
