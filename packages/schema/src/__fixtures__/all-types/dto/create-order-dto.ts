import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';

/** One line of an order. */
export class OrderLineDto {
  /** Stock keeping unit, e.g. `SKU-0042`. */
  @Matches(/^SKU-\d{4}$/)
  sku!: string;

  /** How many, 1 to 99. */
  @IsInt()
  @Min(1)
  @Max(99)
  quantity!: number;
}

/** An order to create. */
export class CreateOrderDto {
  /** Who gets the confirmation. */
  @IsEmail()
  email!: string;

  /** Name on the parcel. */
  @Length(2, 40)
  recipient!: string;

  @IsIn(['standard', 'express'])
  shipping!: string;

  @ValidateNested({ each: true })
  @Type(() => OrderLineDto)
  @ArrayMinSize(1)
  lines!: OrderLineDto[];

  /** Per-line discounts in percent. */
  @IsOptional()
  @Min(0, { each: true })
  @Max(50, { each: true })
  discounts?: number[];

  /** Wanted delivery date. */
  @Type(() => Date)
  deliverOn?: Date;
}
