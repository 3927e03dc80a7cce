import 'reflect-metadata';
import { METADATA_KEYS } from '../support/metadata-keys';

/** Options of {@link ToolParam}. */
export interface ToolParamOptions {
  /** Description for the model; wins over the TSDoc `@param` text. */
  readonly description?: string;
  /** Whether the model must supply it. @defaultValue true (false when the parameter is optional `?`) */
  readonly required?: boolean;
}

/**
 * Describes one tool-method parameter.
 *
 * @see Spring AI `@ToolParam`
 */
export function ToolParam(options: ToolParamOptions = {}): ParameterDecorator {
  return (target, propertyKey, parameterIndex) => {
    if (typeof propertyKey !== 'string') throw new TypeError('@ToolParam can only decorate method parameters');
    const ctor = (typeof target === 'function' ? target : target.constructor) as object;
    const all = {
      ...((Reflect.getOwnMetadata(METADATA_KEYS.toolParams, ctor) ?? {}) as Record<
        string,
        Record<number, ToolParamOptions>
      >),
    };
    all[propertyKey] = { ...all[propertyKey], [parameterIndex]: options };
    Reflect.defineMetadata(METADATA_KEYS.toolParams, all, ctor);
  };
}

/** The `@ToolParam` options of a method, by parameter index. */
export function getToolParamOptions(ctor: object, methodName: string): Readonly<Record<number, ToolParamOptions>> {
  const all = (Reflect.getMetadata(METADATA_KEYS.toolParams, ctor) ?? {}) as Record<
    string,
    Record<number, ToolParamOptions>
  >;
  return all[methodName] ?? {};
}
