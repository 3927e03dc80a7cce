import { Type } from 'class-transformer';
import { Contains, IsEmail, Length, Max, Min, ValidateNested } from 'class-validator';
import { injectable } from 'inversify';
import { type Integer, Tool, ToolParam } from '@sprout-ai/core';

export enum RoomType {
  Single = 'single',
  Double = 'double',
}

export class Guest {
  /** Full name, as on the passport. */
  @Length(2, 40)
  name!: string;
}

export class Booking {
  /** Where the confirmation goes. */
  @IsEmail()
  email!: string;

  /** Rooms to book. */
  @Min(1)
  @Max(8)
  seats!: number;

  /** The paying company; only ACME's subsidiaries book here. */
  @Contains('ACME')
  company!: string;

  @ValidateNested()
  @Type(() => Guest)
  guest!: Guest;
}

@injectable()
export class BookingTools {
  /**
   * Books hotel rooms for a company trip.
   *
   * @param booking - who books, and how many rooms
   * @param nights - how many nights
   * @param note - anything the hotel should know
   */
  @Tool()
  book(
    booking: Booking,
    nights: Integer,
    @ToolParam({ description: 'single or double' }) roomType: RoomType,
    note?: string | null,
  ) {
    return { confirmation: `B-${booking.seats}x${nights}-${roomType}`, note: note ?? undefined };
  }
}
