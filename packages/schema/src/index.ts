// Public surface of @sprout-ai/schema. Adding an export is a decision.
export { generateToolSchemaManifest, type GenerateToolSchemaManifestOptions } from './generate-tool-schema-manifest';
export { normalizeInputSchema, type InputSchemaParameter, DRAFT_2020_12 } from './normalize-input-schema';
export { SchemaGenerationError, type SchemaGenerationErrorOptions } from './schema-generation-error';
export { GENERATOR_NAME } from './generator-name';
export { main as runSproutSchemaCli, type CliOutput } from './cli';
