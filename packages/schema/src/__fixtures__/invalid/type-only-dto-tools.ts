import type { BookingRequest } from './booking-request';
import { Tool } from './tool';

export class TypeOnlyDtoTools {
  @Tool()
  book(booking: BookingRequest): void {
    void booking;
  }
}
