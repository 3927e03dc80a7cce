import 'reflect-metadata';
import { METADATA_KEYS } from '../support/metadata-keys';

/** Options of {@link ToolParam}. */
export interface ToolParamOptions {
  /** Description for the model; wins over the TSDoc `@param` text. */
  readonly description?: string;
  /** Whether the model must supply it. @defaultValue true (false when the parameter is optional `?`) */
  readonly required?: boolean;
  /**
   * The parameter's JSON Schema, replacing the generated one, e.g. `{ type: 'string', format: 'email' }`.
   * Also what the runtime-only fallback (no manifest entry, plain JavaScript) uses.
   */
  readonly schema?: Readonly<Record<string, unknown>>;
  /** The parameter's name, for the runtime-only fallback when the source's names are unavailable (minified code). */
  readonly name?: string;
  /**
   * The parameter's class, for the runtime-only fallback without decorator metadata: its
   * class-validator decorators give the schema, and the argument is converted to it and validated.
   */
  readonly type?: abstract new (...args: never[]) => unknown;
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
