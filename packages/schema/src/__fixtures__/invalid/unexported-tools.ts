import { Tool } from './tool';

class HiddenTools {
  @Tool()
  hidden(orderId: string): string {
    return orderId;
  }
}

export const hiddenTools = new HiddenTools();
