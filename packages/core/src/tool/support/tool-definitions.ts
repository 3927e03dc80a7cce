import { toolDefinition, type ToolDefinition } from '../definition/tool-definition';
import { findToolMethods } from '../method/find-tool-methods';
import { methodToolDefinition } from '../method/method-tool-definition';
import { MissingToolSchemaError } from '../schema/missing-tool-schema-error';
import { runtimeToolMethodSchema } from '../schema/runtime-tool-method-schema';
import { toolSchemaRegistry, type ToolSchemaRegistry } from '../schema/tool-schema-registry';
import { ToolMethodNotFoundError } from './tool-method-not-found-error';

/**
 * Builds a {@link ToolDefinition}, e.g. to give a programmatic tool another name, description or
 * schema than its `@Tool` method has. Start from {@link ToolDefinitions.builder} (prefilled from a
 * method) or `new ToolDefinitionBuilder()` (empty).
 *
 * @example
 * ```ts
 * const definition = ToolDefinitions.builder(orderTools, 'getOrderStatus')
 *   .name('order_status')
 *   .description('Status of one order, by order number')
 *   .build();
 * ```
 * @see Spring AI `DefaultToolDefinition.Builder`
 */
export class ToolDefinitionBuilder {
  private values: { name?: string; description?: string; inputSchema?: string; strict?: boolean };

  /** @param initial - values to start from (a method's definition) */
  constructor(initial: Partial<ToolDefinition> = {}) {
    this.values = { ...initial };
  }

  name(name: string): this {
    this.values.name = name;
    return this;
  }

  /** @defaultValue the name split into lower-case words */
  description(description: string): this {
    this.values.description = description;
    return this;
  }

  /**
   * The arguments' JSON Schema, as an object or JSON text. For a method tool it must keep the
   * parameter names of the method (arguments are passed by name).
   */
  inputSchema(inputSchema: string | Readonly<Record<string, unknown>>): this {
    this.values.inputSchema = typeof inputSchema === 'string' ? inputSchema : JSON.stringify(inputSchema);
    return this;
  }

  /** OpenAI strict mode for this tool (see {@link ToolDefinition.strict}). */
  strict(strict: boolean): this {
    this.values.strict = strict;
    return this;
  }

  /**
   * @returns the definition
   * @throws ConfigurationError when the name is blank
   * @throws InvalidToolSchemaError when the input schema is blank
   */
  build(): ToolDefinition {
    return toolDefinition({
      name: this.values.name ?? '',
      description: this.values.description,
      inputSchema: this.values.inputSchema ?? '',
      strict: this.values.strict,
    });
  }
}

/**
 * Tool definitions of `@Tool` methods.
 *
 * @see Spring AI `ToolDefinitions`
 */
export class ToolDefinitions {
  private constructor() {}

  /**
   * A builder prefilled with the definition a `@Tool` method gets by default (name, description,
   * input schema from the manifest, `strict`), whose parts can be overridden.
   *
   * @param toolObject - the object with the method
   * @param methodName - the `@Tool` method
   * @param schemaRegistry - where schemas are looked up @defaultValue the shared `toolSchemaRegistry`
   * @throws ToolMethodNotFoundError when the object has no `@Tool` method of that name
   * @throws MissingToolSchemaError when the method has no manifest entry (and no runtime-only schema)
   */
  static builder(toolObject: object, methodName: string, schemaRegistry?: ToolSchemaRegistry): ToolDefinitionBuilder {
    return new ToolDefinitionBuilder(ToolDefinitions.from(toolObject, methodName, schemaRegistry));
  }

  /**
   * The default definition of a `@Tool` method.
   *
   * @throws as {@link ToolDefinitions.builder} does
   */
  static from(
    toolObject: object,
    methodName: string,
    schemaRegistry: ToolSchemaRegistry = toolSchemaRegistry,
  ): ToolDefinition {
    const method = findToolMethods(toolObject).find((found) => found.options.methodName === methodName);
    const className = toolObject.constructor?.name || 'Object';
    if (method === undefined) {
      throw new ToolMethodNotFoundError(
        `${className} has no @Tool method '${methodName}'; mark it with @Tool() or check the name.`,
        { className, methodName },
      );
    }
    const schema =
      schemaRegistry.get(method.declaringClass.name, methodName) ??
      (schemaRegistry.runtimeFallback ? runtimeToolMethodSchema(toolObject, method) : undefined);
    if (schema === undefined) {
      throw new MissingToolSchemaError({
        className: method.declaringClass.name,
        methodName,
        loadedSources: schemaRegistry.sources,
      });
    }
    return methodToolDefinition(method, schema);
  }
}
