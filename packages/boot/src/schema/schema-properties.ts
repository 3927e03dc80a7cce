/** Keys of Sprout's own schema-manifest properties (no Spring equivalent: Spring reflects at run time). */
export const SCHEMA_PROPERTY_KEYS = {
  /**
   * `true` lets start-up regenerate a missing or stale tool schema manifest (once, into
   * `node_modules/.cache/sprout-schema/`) instead of failing. Needs the TypeScript sources and
   * `@sprout-ai/schema` installed; for development only.
   */
  devMode: 'sprout.schema.dev-mode',
  /** The tsconfig to generate from in dev mode when the manifest records none. @defaultValue `tsconfig.json` */
  project: 'sprout.schema.project',
} as const;

/** Default of `sprout.schema.dev-mode`. */
export const DEFAULT_SCHEMA_DEV_MODE = false;
