import { Tool } from './tool';

/** A minimal stand-in for rxjs's Observable. */
export interface Observable<T> {
  subscribe(next: (value: T) => void): { unsubscribe(): void };
}

export class ObservableTools {
  @Tool()
  watch(updates: Observable<string>): string {
    return JSON.stringify(updates);
  }
}
