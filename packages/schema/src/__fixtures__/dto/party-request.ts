import { Type } from 'class-transformer';
import { Contains, IsString, MinLength, ValidateNested } from 'class-validator';

/** A guest. `@Contains` has no JSON Schema keyword: only class-validator enforces it. */
export class GuestRequest {
  @IsString()
  name!: string;

  @Contains('ACME')
  company!: string;

  /** Shows that the value arrives as an instance. */
  badge(): string {
    return `${this.name} (${this.company})`;
  }
}

/** A party whose nested DTOs have both decorators, so they are converted and validated. */
export class PartyRequest {
  @MinLength(3)
  title!: string;

  @ValidateNested()
  @Type(() => GuestRequest)
  host!: GuestRequest;

  @ValidateNested({ each: true })
  @Type(() => GuestRequest)
  guests!: GuestRequest[];
}
