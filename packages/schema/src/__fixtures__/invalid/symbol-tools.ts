import { Tool } from './tool';

export class SymbolTools {
  @Tool()
  lookup(key: symbol): string {
    return String(key);
  }
}
