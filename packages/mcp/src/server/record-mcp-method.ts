import 'reflect-metadata';
import { mcpToolClassRegistry } from './mcp-tool';

/**
 * Records a decorated method's options under `key` on its class (a method decorated twice keeps
 * the last options) and the class in the registry the boot scanner reads.
 */
export function recordMcpMethod(
  decorator: string,
  key: string,
  target: object,
  propertyKey: string | symbol,
  descriptor: PropertyDescriptor,
  options: object,
): void {
  if (typeof propertyKey !== 'string' || typeof descriptor.value !== 'function') {
    throw new TypeError(`${decorator} can only decorate methods with string names (got ${String(propertyKey)})`);
  }
  const ctor = (typeof target === 'function' ? target : target.constructor) as object;
  const own = (Reflect.getOwnMetadata(key, ctor) ?? []) as { methodName: string }[];
  Reflect.defineMetadata(
    key,
    [...own.filter((m) => m.methodName !== propertyKey), { ...options, methodName: propertyKey }],
    ctor,
  );
  mcpToolClassRegistry.add(ctor as abstract new (...args: never[]) => unknown);
}

/** The options recorded under `key` by a class and its ancestors (a subclass's method hides the parent's). */
export function findMcpMethods<T extends { methodName: string }>(
  object: object,
  key: string,
): { declaringClass: abstract new (...args: never[]) => unknown; options: T }[] {
  const found: { declaringClass: abstract new (...args: never[]) => unknown; options: T }[] = [];
  const seen = new Set<string>();
  for (let proto: unknown = Object.getPrototypeOf(object); isObject(proto); proto = Object.getPrototypeOf(proto)) {
    if (proto === Object.prototype || !Object.prototype.hasOwnProperty.call(proto, 'constructor')) continue;
    const ctor = (proto as { constructor: abstract new (...args: never[]) => unknown }).constructor;
    for (const options of (Reflect.getOwnMetadata(key, ctor) ?? []) as T[]) {
      if (seen.has(options.methodName)) continue;
      seen.add(options.methodName);
      if (typeof (object as Record<string, unknown>)[options.methodName] === 'function') {
        found.push({ declaringClass: ctor, options });
      }
    }
  }
  return found;
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}
