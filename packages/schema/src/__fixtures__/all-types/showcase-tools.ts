import { type Integer, Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { CreateOrderDto } from './dto/create-order-dto';

export enum Color {
  Red = 'red',
  Green = 'green',
}

export enum Level {
  Low,
  Mid,
  High,
}

/** A postal address. */
export interface Address {
  /** Street and number. */
  street: string;
  city: string;
  zip?: string;
}

/** A node of a category tree. */
export interface Category {
  name: string;
  children: Category[];
}

/** Tools whose parameters cover every supported type. */
export class ShowcaseTools {
  /**
   * Primitives.
   *
   * @param text - Any text.
   * @param amount - A decimal amount.
   * @param count - A whole number.
   */
  @Tool()
  primitives(text: string, amount: number, count: Integer, flag: boolean): string {
    return `${text}${amount}${count}${String(flag)}`;
  }

  /** Enums and literal unions. */
  @Tool()
  enums(color: Color, level: Level, size: 'S' | 'M' | 'L', answer: 3 | 1 | 2): string {
    return `${color}${level}${size}${answer}`;
  }

  /** Arrays and tuples. */
  @Tool()
  collections(tags: string[], matrix: Integer[][], point: [number, number], pair: [string, Integer]): string {
    return JSON.stringify([tags, matrix, point, pair]);
  }

  /** Nested interfaces, by reference and inline, and a recursive type. */
  @Tool()
  nested(address: Address, contact: { name: string; phone?: string }, root: Category): string {
    return JSON.stringify([address, contact, root]);
  }

  /**
   * Dates.
   *
   * @param when - When it happens.
   */
  @Tool()
  dates(when: Date, window: { from: Date; to?: Date }, history: Date[]): string {
    return JSON.stringify([when.toISOString(), window.from.toISOString(), window.to?.toISOString(), history]);
  }

  /** Values that may be null. */
  @Tool()
  nullable(note: string | null, count: Integer | null, address: Address | null, color: Color | null): string {
    return JSON.stringify([note, count, address, color]);
  }

  /** Maps. */
  @Tool({ strict: true })
  records(prices: Record<string, number>, byCity: Record<string, Address>, flags: { [key: string]: boolean }): string {
    return JSON.stringify([prices, byCity, flags]);
  }

  /**
   * Optional parameters and defaults.
   *
   * @param query - What to look for.
   * @param page - Page number, from 1.
   * @param sort - Sort key (TSDoc, loses to @ToolParam).
   */
  @Tool({ strict: true })
  optional(
    query: string,
    page?: Integer,
    pageSize: Integer = 20,
    @ToolParam({ description: 'Sort key', required: false }) sort: string = 'name',
    @ToolParam({ required: true }) exact?: boolean,
  ): string {
    return JSON.stringify([query, page, pageSize, sort, exact]);
  }

  /** A class-validator DTO. */
  @Tool()
  createOrder(order: CreateOrderDto, context: ToolContext): string {
    return `${order.email}${String(context.get('userId'))}`;
  }

  /** No parameters. */
  @Tool()
  ping(): string {
    return 'pong';
  }
}
