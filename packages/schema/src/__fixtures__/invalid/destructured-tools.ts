import { Tool } from './tool';

export class DestructuredTools {
  @Tool()
  find({ orderId }: { orderId: string }): string {
    return orderId;
  }
}
