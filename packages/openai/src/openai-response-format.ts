/**
 * The format the model must answer in (`response_format` on the wire): free `text`, any JSON object
 * (`json_object`, "JSON mode"), or JSON matching a schema (`json_schema`, OpenAI's structured
 * outputs; `strict` makes the server enforce it).
 *
 * @example `{ type: 'json_schema', jsonSchema: { name: 'OrderAnswer', schema: { type: 'object', … }, strict: true } }`
 * @see Spring AI `ResponseFormat` (its `Type` `TEXT`, `JSON_OBJECT`, `JSON_SCHEMA`)
 */
export type OpenAiResponseFormat =
  | { readonly type: 'text' }
  | { readonly type: 'json_object' }
  | {
      readonly type: 'json_schema';
      readonly jsonSchema: {
        /** The schema's name, `[a-zA-Z0-9_-]`, at most 64 characters. */
        readonly name: string;
        /** A JSON Schema object. */
        readonly schema: Readonly<Record<string, unknown>>;
        /** Have the server enforce the schema exactly (OpenAI's strict subset of JSON Schema). */
        readonly strict?: boolean;
        readonly description?: string;
      };
    };
