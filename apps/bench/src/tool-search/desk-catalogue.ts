import 'reflect-metadata';
import { dirname, join } from 'node:path';
import { MethodToolCallbackProvider, type ToolDefinition, ToolSchemaRegistry } from '@sprout-ai/core';
import { DESK_TOOL_CLASSES } from '@sprout-ai/order-support/dist/desk/desk-tool-classes';
import { OrderTools } from '@sprout-ai/order-support/dist/order-tools';

/**
 * The order desk's tool definitions (apps/order-support: `OrderTools` and the desk tool classes,
 * 53 tools, English descriptions), as the desk sends them with `--tool-search`: a second,
 * hand-written catalogue for the held-out queries of `desk-queries.json`. Only definitions are
 * read, so the classes' prototypes stand in for instances (no database is opened).
 *
 * @returns the definitions, class by class
 * @throws MissingToolSchemaError when order-support was not built (its `dist/tool-schemas.json`)
 */
export function deskCatalogue(): ToolDefinition[] {
  const appDir = dirname(require.resolve('@sprout-ai/order-support/package.json'));
  const schemaRegistry = new ToolSchemaRegistry().loadFile(join(appDir, 'dist', 'tool-schemas.json'));
  const toolObjects = [OrderTools, ...DESK_TOOL_CLASSES].map(
    (toolClass) => Object.create(toolClass.prototype) as object,
  );
  return MethodToolCallbackProvider.builder()
    .toolObjects(...toolObjects)
    .schemaRegistry(schemaRegistry)
    .build()
    .getToolCallbacks()
    .map((callback) => callback.toolDefinition);
}
