import { AuditedTool, Logged, LoggedTool, PingTool, ReadOnlyTool, Tools } from './decorators';
import { LibraryTool } from './lib/compiled-decorators';

export class WarehouseTools {
  /** Stock of an article. */
  @ReadOnlyTool('Units in stock')
  stock(sku: string): number {
    return sku.length;
  }

  @AuditedTool('Moves stock between bins')
  move(sku: string, to: string): string {
    return `${sku}->${to}`;
  }

  @PingTool
  ping(): string {
    return 'pong';
  }

  @LoggedTool('Counts a bin')
  count(bin: string): number {
    return bin.length;
  }

  @Tools.internal()
  audit(): string {
    return 'ok';
  }

  @LibraryTool('Reserves units')
  reserve(sku: string, units: number): string {
    return `${sku}x${units}`;
  }

  @Logged()
  helper(): string {
    return 'not a tool';
  }
}
