import { Type } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import { BookingRequest, GuestRequest } from './booking-request';
import { Tool } from './tool';

/** Nested DTOs without the decorators that make class-transformer and class-validator look inside. */
export class PartyRequest {
  main!: BookingRequest;

  @ValidateNested({ each: true })
  guests!: GuestRequest[];

  @Type(() => BookingRequest)
  backup?: BookingRequest;

  @ValidateNested({ each: true })
  @Type(() => GuestRequest)
  byName!: Record<string, GuestRequest>;
}

export class NestedDtoTools {
  @Tool()
  plan(party: PartyRequest): void {
    void party;
  }

  /** Reaches the same PartyRequest properties: each is reported once. */
  @Tool()
  replan(party: PartyRequest): void {
    void party;
  }
}
