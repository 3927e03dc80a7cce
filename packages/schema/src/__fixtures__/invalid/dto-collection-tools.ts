import { BookingRequest } from './booking-request';
import { Tool } from './tool';

/** An interface is no class: its properties are never converted. */
export interface OrderWithBooking {
  orderId: string;
  booking: BookingRequest;
}

/** DTOs where design:paramtypes cannot name their class, so they would stay plain objects. */
export class DtoCollectionTools {
  @Tool()
  bookAll(bookings: BookingRequest[]): void {
    void bookings;
  }

  @Tool()
  bookByName(byName: Record<string, BookingRequest>): void {
    void byName;
  }

  @Tool()
  rebook(replaces: BookingRequest | null): void {
    void replaces;
  }

  @Tool()
  bookFor(order: OrderWithBooking): void {
    void order;
  }
}
