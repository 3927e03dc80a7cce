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
 * Describes one tool-method parameter, or one property of an augmentation argument type (a class
 * given to `AugmentedToolCallbackProvider.argumentType`, whose properties the model fills in
 * beside every wrapped tool's own arguments).
 *
 * On a property, `description` and `required` shape the property's schema as they do a
 * parameter's (`sprout-schema` reads them when they are literals; `required` defaults to false
 * for an optional `?` property, else true) and `schema` replaces its generated schema; `name` and
 * `type` are for parameters only. `sprout-schema` writes the schema of every exported class with a
 * `@ToolParam` property to the manifest, as an argument type.
 *
 * @example
 * ```ts
 * export class AgentThinking {
 *   @ToolParam({ description: 'Your reasoning for calling this tool' })
 *   innerThought!: string;
 * }
 * ```
 * @throws TypeError when it decorates something else than a method parameter or an instance property
 * @remarks Spring puts `@ToolParam` on record components; TypeScript has no records, so an argument
 * type is a class with decorated properties.
 * @see Spring AI `@ToolParam`
 */
export function ToolParam(options: ToolParamOptions = {}): ParameterDecorator & PropertyDecorator {
  return (target: object, propertyKey: string | symbol | undefined, parameterIndex?: number) => {
    if (typeof parameterIndex !== 'number') {
      defineToolParamProperty(target, propertyKey, options);
      return;
    }
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

/** Records `@ToolParam` on an instance property, on the class constructor. */
function defineToolParamProperty(target: object, propertyKey: string | symbol | undefined, options: ToolParamOptions) {
  if (typeof target === 'function' || typeof propertyKey !== 'string') {
    throw new TypeError(
      `@ToolParam can only decorate method parameters and instance properties with string names (got ${String(propertyKey)})`,
    );
  }
  const ctor = target.constructor;
  const own = (Reflect.getOwnMetadata(METADATA_KEYS.toolParamProperties, ctor) ?? {}) as Record<
    string,
    ToolParamOptions
  >;
  Reflect.defineMetadata(METADATA_KEYS.toolParamProperties, { ...own, [propertyKey]: options }, ctor);
}

/** The `@ToolParam` options of a method, by parameter index. */
export function getToolParamOptions(ctor: object, methodName: string): Readonly<Record<number, ToolParamOptions>> {
  const all = (Reflect.getMetadata(METADATA_KEYS.toolParams, ctor) ?? {}) as Record<
    string,
    Record<number, ToolParamOptions>
  >;
  return all[methodName] ?? {};
}

/** The `@ToolParam` options of a class's instance properties (inherited ones too), by property name. */
export function getToolParamPropertyOptions(ctor: object): Readonly<Record<string, ToolParamOptions>> {
  const chain: object[] = [];
  for (let current: unknown = ctor; typeof current === 'function' && current !== Function.prototype;) {
    chain.unshift(current);
    current = Object.getPrototypeOf(current);
  }
  const merged: Record<string, ToolParamOptions> = {};
  for (const owner of chain) {
    Object.assign(merged, Reflect.getOwnMetadata(METADATA_KEYS.toolParamProperties, owner) as object | undefined);
  }
  return merged;
}
