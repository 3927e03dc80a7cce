declare const sproutToolDecoratorBrand: unique symbol;

/**
 * What `Tool(...)` (and `McpTool(...)`) returns: a `MethodDecorator` that `sprout-schema` recognises
 * by its type. A decorator you compose from it keeps that type when TypeScript infers it, so
 * `sprout-schema` finds its methods also when the decorator comes compiled from another package:
 *
 * @example
 * ```ts
 * export const ReadOnlyTool = (description: string) => Tool({ description }); // returns ToolMethodDecorator
 * ```
 * @remarks Spring AI finds composed annotations through `@Tool` meta-annotations at run time;
 * TypeScript decorators are plain functions, so the schema generator follows them in the source
 * (calls of `Tool(...)` in the decorator's body) and, in compiled code, by this type.
 */
export type ToolMethodDecorator = MethodDecorator & { readonly [sproutToolDecoratorBrand]?: 'tool' };
