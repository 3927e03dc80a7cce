import { Tool } from '@sprout-ai/core';

/** Inferred type: returns core's ToolMethodDecorator. */
export const ReadOnlyTool = (description: string) => Tool({ description });

/** Declared `MethodDecorator`: the type no longer says it, its body does. */
export function AuditedTool(description: string): MethodDecorator {
  return Tool({ description });
}

/** A ready-made decorator, used without a call. */
export const PingTool = Tool({ description: 'Answers pong' });

/** Not a tool: a decorator that only records the method's name. */
export const Logged =
  (): MethodDecorator =>
  (_target, propertyKey): void => {
    loggedMethods.push(String(propertyKey));
  };
export const loggedMethods: string[] = [];

/** Applies several decorators (as NestJS's applyDecorators does). */
export function applyAll(...decorators: MethodDecorator[]): MethodDecorator {
  return (target, propertyKey, descriptor) => {
    for (const decorator of decorators) decorator(target, propertyKey, descriptor);
  };
}

/** Composed through another function, with a declared type. */
export const LoggedTool = (description: string): MethodDecorator => applyAll(Logged(), AuditedTool(description));

/** Decorator factories as static methods. */
export class Tools {
  static internal(): MethodDecorator {
    return Tool({ description: 'For staff only' });
  }
}
