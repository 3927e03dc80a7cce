import type { ToolContext, ToolSchemaManifest } from '@sprout-ai/core';
import { McpArg } from '../server/mcp-arg';
import { McpComplete, type McpCompleteRequest } from '../server/mcp-complete';
import { McpPrompt } from '../server/mcp-prompt';
import { McpResource } from '../server/mcp-resource';
import { McpToolError } from '../server/mcp-tool-error';

/** Declares `LibraryFeatures` anew (see `declareRecordTools`): resources, a template, prompts and a completion. */
export function declareLibraryFeatures() {
  class LibraryFeatures {
    @McpResource({ uri: 'library://readme', title: 'Read me', description: 'About the library' })
    readme(): string {
      return 'Welcome';
    }

    @McpResource({ uri: 'library://cover.png', mimeType: 'image/png' })
    cover(): Uint8Array {
      return Uint8Array.of(137, 80, 78, 71);
    }

    @McpResource({ uri: 'library://books/{isbn}', name: 'book', mimeType: 'application/json' })
    book(isbn: string, toolContext: ToolContext): string {
      if (isbn === '0') throw new McpToolError('No book with ISBN 0.');
      return JSON.stringify({ isbn, reader: toolContext.get('userId') ?? null });
    }

    @McpPrompt({ name: 'review', title: 'Review a book' })
    review(@McpArg({ description: 'The book, e.g. 978-1' }) isbn: string, tone?: string): string {
      return `Review ${isbn}${tone === undefined ? '' : ` in a ${tone} tone`}.`;
    }

    @McpComplete({ prompt: 'review' })
    isbns(request: McpCompleteRequest): string[] {
      return request.name === 'isbn' ? ['978-1', '978-2', '979-1'].filter((v) => v.startsWith(request.value)) : [];
    }
  }
  return LibraryFeatures;
}

const SCHEMA = 'https://json-schema.org/draft/2020-12/schema';

/** The manifest `sprout-schema` would write for `LibraryFeatures`. */
export const LIBRARY_FEATURES_MANIFEST: ToolSchemaManifest = {
  version: 1,
  generator: 'test',
  tools: {
    'LibraryFeatures.readme': {
      className: 'LibraryFeatures',
      methodName: 'readme',
      sourceFile: 'library-features.ts',
      parameters: [],
      inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
      returnsVoid: false,
    },
    'LibraryFeatures.cover': {
      className: 'LibraryFeatures',
      methodName: 'cover',
      sourceFile: 'library-features.ts',
      parameters: [],
      inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
      returnsVoid: false,
    },
    'LibraryFeatures.book': {
      className: 'LibraryFeatures',
      methodName: 'book',
      sourceFile: 'library-features.ts',
      parameters: [
        { name: 'isbn', index: 0, kind: 'argument', optional: false },
        { name: 'toolContext', index: 1, kind: 'toolContext', optional: false },
      ],
      inputSchema: {
        $schema: SCHEMA,
        type: 'object',
        properties: { isbn: { type: 'string' } },
        required: ['isbn'],
        additionalProperties: false,
      },
      returnsVoid: false,
    },
    'LibraryFeatures.review': {
      className: 'LibraryFeatures',
      methodName: 'review',
      sourceFile: 'library-features.ts',
      description: 'Asks for a review of a book',
      parameters: [
        { name: 'isbn', index: 0, kind: 'argument', optional: false },
        { name: 'tone', index: 1, kind: 'argument', optional: true },
      ],
      inputSchema: {
        $schema: SCHEMA,
        type: 'object',
        properties: { isbn: { type: 'string' }, tone: { type: 'string', description: 'e.g. friendly' } },
        required: ['isbn'],
        additionalProperties: false,
      },
      returnsVoid: false,
    },
  },
};
