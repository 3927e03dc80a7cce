import { Tool } from './tool';

export class SetTools {
  @Tool()
  tag(orderId: string, tags: Set<string>): void {
    void [orderId, tags];
  }
}
