import { Tool } from './tool';

export class CallbackTools {
  /** Watches an order. */
  @Tool()
  watchOrder(orderId: string, onChange: (status: string) => void): void {
    onChange(orderId);
  }
}
