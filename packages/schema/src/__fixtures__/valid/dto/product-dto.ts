import { Type } from 'class-transformer';
import { IsString, Min, ValidateNested } from 'class-validator';

/** Size of a parcel in centimetres. */
export class Dimensions {
  @Min(0)
  width!: number;

  @Min(0)
  height!: number;
}

/** A product to add to the catalogue. */
export class ProductDto {
  /** Stock keeping unit. */
  @IsString()
  sku!: string;

  /** Optional marketing text. */
  tagline?: string;

  @ValidateNested()
  @Type(() => Dimensions)
  dimensions!: Dimensions;

  releasedAt!: Date;

  /** Not part of the schema: methods are dropped. */
  label(): string {
    return this.sku;
  }
}
