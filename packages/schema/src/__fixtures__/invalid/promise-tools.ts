import { Tool } from './tool';

export class PromiseTools {
  @Tool()
  async track(orderId: Promise<string>): Promise<string> {
    return await orderId;
  }
}
