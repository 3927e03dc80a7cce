import type { ToolMethodDecorator } from '@sprout-ai/core';
/** As another package's compiled output declares a decorator composed from Tool(...). */
export declare const LibraryTool: (description: string) => ToolMethodDecorator;
