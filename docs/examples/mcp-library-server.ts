import path from 'node:path';
import { type ToolContext, toolSchemaRegistry } from '@sprout-ai/core';
import {
  McpArg,
  McpComplete,
  type McpCompleteRequest,
  McpContents,
  type McpHttpServerHandle,
  McpPrompt,
  McpRequestContext,
  McpResource,
  McpTool,
  McpToolResult,
  McpToolServer,
  mcpServerFeatures,
  mcpToolCallbacks,
} from '@sprout-ai/mcp';

toolSchemaRegistry.loadFile(path.join(__dirname, 'tool-schemas.json')); // written by sprout-schema

export interface Stock {
  isbn: string;
  copies: number;
}

const COVER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

export class LibraryServer {
  // An object result: tools/list shows its outputSchema, the result carries structuredContent.
  @McpTool({ title: 'Stock', description: 'Copies of a book in stock', annotations: { readOnlyHint: true } })
  stock(isbn: string): Stock {
    return { isbn, copies: 3 };
  }

  // Several parts through a typed return value; progress and logs through the request context.
  @McpTool({ description: 'The cover of a book, with a caption' })
  async cover(isbn: string, toolContext: ToolContext): Promise<McpToolResult> {
    const mcp = McpRequestContext.from(toolContext);
    await mcp.progress(1, 2, 'found the book');
    await mcp.log('info', { cover: isbn });
    return McpToolResult.of(McpContents.text(`Cover of ${isbn}`), McpContents.image(COVER_PNG, 'image/png'));
  }

  /**
   * A book as JSON.
   *
   * @param isbn - the book's ISBN
   */
  @McpResource({ uri: 'library://books/{isbn}', mimeType: 'application/json' })
  book(isbn: string): string {
    return JSON.stringify({ isbn, title: 'Dune' });
  }

  /** Asks for a review of a book. */
  @McpPrompt({ name: 'review' })
  review(@McpArg({ description: 'The book, e.g. 978-1' }) isbn: string): string {
    return `Write a short review of the book ${isbn}.`;
  }

  @McpComplete({ prompt: 'review' })
  isbns(request: McpCompleteRequest): string[] {
    return ['978-1', '978-2'].filter((isbn) => isbn.startsWith(request.value));
  }
}

export async function serveLibrary(port: number): Promise<McpHttpServerHandle> {
  const library = new LibraryServer();
  const server = new McpToolServer({
    toolCallbacks: mcpToolCallbacks([library]),
    features: mcpServerFeatures([library]), // @McpResource, @McpPrompt, @McpComplete
  });
  return server.listen({ port, stateless: false }); // stateless: true for instances behind one address
}
