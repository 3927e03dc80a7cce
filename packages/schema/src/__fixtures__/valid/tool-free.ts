export class NotATool {
  run(callback: () => void): void {
    callback();
  }
}
