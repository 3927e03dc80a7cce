declare const sproutIntegerBrand: unique symbol;

/**
 * A `number` that the tool's JSON Schema declares as `"type": "integer"`. It is the one way to ask
 * `sprout-schema` for an integer: use it for parameters, properties, array elements and record
 * values. Every `number` is assignable to it (the brand is optional), so callers need no casts;
 * the model's value is checked against `integer` before the method runs.
 *
 * @example
 * ```ts
 * @Tool()
 * reserve(sku: string, quantity: Integer): string { ... } // {"quantity":{"type":"integer"}}
 * ```
 * @remarks Spring AI reads `int`/`long` from Java types; TypeScript has only `number`.
 */
export type Integer = number & { readonly [sproutIntegerBrand]?: 'integer' };
