import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toolSchemaSourcesHash } from './tool-schema-sources-hash';

const TOOLS = `import { Tool, ToolParam } from '@sprout-ai/core';
import type { ShipmentQuery } from './shipment-query';

/** Order tools. */
export class OrderTools {
  constructor(private readonly prefix: string) {
    this.prefix = prefix.trim();
  }

  /**
   * Looks up an order.
   *
   * @param orderId - the order id
   */
  @Tool({ description: 'Get the status of an order' })
  getOrderStatus(@ToolParam({ description: 'Order id' }) orderId: string, limit = 10): string {
    const c = 18;
    return \`\${this.prefix}\${orderId}\${c + limit}\`;
  }

  @Tool()
  track(query: ShipmentQuery): Promise<void> {
    const format = (id: string): string => id.toUpperCase();
    return Promise.resolve(void format(query.orderId));
  }

  @Tool()
  count(orderId: string) {
    return orderId.length;
  }
}
`;

const QUERY = `/** What to track. */
export interface ShipmentQuery {
  /** The order id. */
  orderId: string;
}

export function describeQuery(query: ShipmentQuery): string {
  return query.orderId;
}
`;

describe(toolSchemaSourcesHash, () => {
  let dir: string;
  const sources = ['src/order-tools.ts', 'src/shipment-query.ts'];
  const write = (tools: string, query = QUERY) => {
    writeFileSync(path.join(dir, sources[0]), tools);
    writeFileSync(path.join(dir, sources[1]), query);
  };
  const hashOf = (tools: string, query = QUERY) => {
    write(tools, query);
    return toolSchemaSourcesHash(dir, sources);
  };

  beforeEach(() => {
    // Outside the repository: TypeScript is then loaded from where @sprout-ai/core is installed.
    dir = mkdtempSync(path.join(os.tmpdir(), 'sprout-sources-hash-'));
    mkdirSync(path.join(dir, 'src'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('should be the same for the same sources, and 64 hex digits', () => {
    expect(hashOf(TOOLS)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOf(TOOLS)).toBe(hashOf(TOOLS));
  });

  describe.each<[string, string, string]>([
    ['a @Tool method body', 'const c = 18;', 'const c = 19;'],
    ['a comment in a body', 'const c = 18;', 'const c = 18; // the answer'],
    ['a constructor body', 'this.prefix = prefix.trim();', 'this.prefix = prefix;'],
    ['the body of an arrow function with a declared return type', 'id.toUpperCase()', 'id.toLowerCase()'],
  ])('when only %s changes', (_what, before, after) => {
    it('should keep the hash', () => {
      expect(TOOLS).toContain(before);
      expect(hashOf(TOOLS.replace(before, after))).toBe(hashOf(TOOLS));
    });
  });

  describe.each<[string, string, string]>([
    ['a parameter type', 'orderId: string, limit', 'orderId: number, limit'],
    ['a default value', 'limit = 10', 'limit = 20'],
    ['a @Tool description', "'Get the status of an order'", "'Get an order'"],
    ['a @ToolParam description', "'Order id'", "'The order id'"],
    ['a TSDoc summary', 'Looks up an order.', 'Finds an order.'],
    ['a TSDoc @param', '@param orderId - the order id', '@param orderId - its id'],
    ['a return type', 'track(query: ShipmentQuery): Promise<void>', 'track(query: ShipmentQuery): Promise<string>'],
    ['the body of a method whose return type is inferred', 'return orderId.length;', 'return;'],
    ['an import', "from './shipment-query'", "from './shipment-query.js'"],
  ])('when %s changes', (_what, before, after) => {
    it('should change the hash', () => {
      expect(TOOLS).toContain(before);
      expect(hashOf(TOOLS.replace(before, after))).not.toBe(hashOf(TOOLS));
    });
  });

  describe('when the argument type declared in the other file changes', () => {
    it('should change the hash for a new property and for its TSDoc, not for a function body there', () => {
      const base = hashOf(TOOLS);
      expect(hashOf(TOOLS, QUERY.replace('orderId: string;', 'orderId: string;\n  carrier?: string;'))).not.toBe(base);
      expect(hashOf(TOOLS, QUERY.replace('/** The order id. */', '/** The id of the order. */'))).not.toBe(base);
      expect(hashOf(TOOLS, QUERY.replace('return query.orderId;', 'return query.orderId.trim();'))).toBe(base);
    });
  });

  describe('when a source is renamed', () => {
    it('should change the hash', () => {
      const base = hashOf(TOOLS);
      writeFileSync(path.join(dir, 'src', 'query.ts'), QUERY);
      expect(toolSchemaSourcesHash(dir, [sources[0], 'src/query.ts'])).not.toBe(base);
    });
  });

  describe('when the project builds with TypeScript 7 (the native compiler, no compiler API)', () => {
    it('should hash with another copy of TypeScript, the same as without the project one', () => {
      // A project of its own, so no earlier lookup of `typescript` from it has been made.
      const project = mkdtempSync(path.join(os.tmpdir(), 'sprout-sources-hash-ts7-'));
      try {
        const native = path.join(project, 'node_modules', 'typescript');
        mkdirSync(native, { recursive: true });
        mkdirSync(path.join(project, 'src'));
        writeFileSync(path.join(project, 'package.json'), '{"name":"app","private":true}');
        writeFileSync(path.join(native, 'package.json'), '{"name":"typescript","version":"7.0.2","main":"index.js"}');
        writeFileSync(
          path.join(native, 'index.js'),
          "module.exports = { version: '7.0.2', versionMajorMinor: '7.0' };",
        );
        writeFileSync(path.join(project, sources[0]), TOOLS);
        writeFileSync(path.join(project, sources[1]), QUERY);

        expect(toolSchemaSourcesHash(project, sources)).toBe(hashOf(TOOLS));
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    });
  });
});
