import { Contains, IsEmail, IsString, Min } from 'class-validator';

/** A class-validator DTO with a rule the schema cannot express (`@Contains`). */
export class BookingRequest {
  @IsEmail()
  email!: string;

  @Min(1)
  seats!: number;

  @Contains('ACME')
  company!: string;
}

/** Another DTO. */
export class GuestRequest {
  @IsString()
  name!: string;
}
