// A spec file: the generator skips *.test.ts and *.spec.ts files even when the tsconfig includes them.
import { Tool } from '@sprout-ai/core';

export class TestOnlyTools {
  @Tool()
  notScanned(callback: () => void): void {
    callback();
  }
}
