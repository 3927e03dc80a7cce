import type { Readable } from 'node:stream';
import { Tool } from './tool';
import type { Observable } from './observable-tools';

/** Tools whose results the model could not read: each return type is a build error. */
export class ReturnTypeTools {
  @Tool()
  callback(): (status: string) => void {
    return () => undefined;
  }

  @Tool()
  async later(): Promise<() => string> {
    return () => 'later';
  }

  @Tool()
  watch(): Observable<string> {
    return { subscribe: () => ({ unsubscribe: () => undefined }) };
  }

  @Tool()
  watchOrNot(): string | Observable<string> {
    return '';
  }

  @Tool()
  async *feed(): AsyncGenerator<string> {
    yield 'a';
  }

  @Tool()
  lines(): AsyncIterable<string> {
    return this.feed();
  }

  @Tool()
  *numbers(): Generator<number> {
    yield 1;
  }

  @Tool()
  download(): Readable {
    throw new Error('not here');
  }

  @Tool()
  async downloadLater(): Promise<Readable> {
    throw new Error('not here');
  }

  @Tool()
  webStream(): ReadableStream<string> {
    throw new Error('not here');
  }
}

/** Results that do have a JSON form, and a class whose field is named like a stream method. */
export class PlainReturnTools {
  @Tool()
  list(): string[] {
    return [];
  }

  @Tool()
  async later(): Promise<{ pipe: string; next: number }> {
    return { pipe: 'p', next: 1 };
  }

  @Tool()
  prices(): Map<string, number> {
    return new Map();
  }

  @Tool()
  nothing(): void {}

  @Tool()
  anything(): unknown {
    return undefined;
  }
}
