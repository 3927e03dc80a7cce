// Public surface of @sprout-ai/schema. Adding an export is a decision.
export { generateToolSchemaManifest, type GenerateToolSchemaManifestOptions } from './generate-tool-schema-manifest';
export { SchemaGenerationError, type SchemaGenerationErrorOptions } from './schema-generation-error';
