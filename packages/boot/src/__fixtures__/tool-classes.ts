import { Tool, type ToolMethodSchema, type ToolSchemaManifest } from '@sprout-ai/core';
import { injectable } from 'inversify';

/**
 * Declares the fixture tool classes anew. Their `@Tool` decorators record them in core's
 * `toolClassRegistry` when this is called, not when this module is imported, so a test declares
 * exactly the classes it scans.
 */
export function declareToolClasses() {
  /** Bound in most tests. */
  @injectable()
  class OrderTools {
    readonly calls: string[] = [];

    @Tool({ description: 'Status of an order' })
    getOrderStatus(orderId: string): string {
      this.calls.push(orderId);
      return `Order ${orderId} has shipped`;
    }

    @Tool({ description: 'Cancel an order' })
    cancelOrder(orderId: string): string {
      throw new Error(`Order ${orderId} has already shipped and cannot be cancelled`);
    }
  }

  /** Declares a tool with the same name as OrderTools.getOrderStatus. */
  @injectable()
  class LegacyOrderTools {
    @Tool({ name: 'getOrderStatus', description: 'Old status lookup' })
    lookup(orderId: string): string {
      return `legacy ${orderId}`;
    }
  }

  /** Never bound: its tool must not reach the model. */
  @injectable()
  class UnboundTools {
    @Tool({ description: 'Should never be offered' })
    secretTool(): string {
      return 'secret';
    }
  }

  /** Has no entry in the manifest. */
  @injectable()
  class UndocumentedTools {
    @Tool({ description: 'Missing from the manifest' })
    undocumented(): string {
      return 'x';
    }
  }

  return { OrderTools, LegacyOrderTools, UnboundTools, UndocumentedTools };
}

function orderIdMethod(className: string, methodName: string): ToolMethodSchema {
  return {
    className,
    methodName,
    sourceFile: 'src/__fixtures__/tool-classes.ts',
    parameters: [{ name: 'orderId', index: 0, kind: 'argument', optional: false }],
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { orderId: { type: 'string' } },
      required: ['orderId'],
      additionalProperties: false,
    },
    returnsVoid: false,
  };
}

/** The hand-written build-time manifest of the fixture classes (UndocumentedTools left out on purpose). */
export const FIXTURE_MANIFEST: ToolSchemaManifest = {
  version: 1,
  generator: 'hand-written',
  tools: {
    'OrderTools.getOrderStatus': orderIdMethod('OrderTools', 'getOrderStatus'),
    'OrderTools.cancelOrder': orderIdMethod('OrderTools', 'cancelOrder'),
    'LegacyOrderTools.lookup': orderIdMethod('LegacyOrderTools', 'lookup'),
    'UnboundTools.secretTool': {
      className: 'UnboundTools',
      methodName: 'secretTool',
      sourceFile: 'src/__fixtures__/tool-classes.ts',
      parameters: [],
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {},
        required: [],
        additionalProperties: false,
      },
      returnsVoid: false,
    },
  },
};
