import { injectable } from 'inversify';
import { type Integer, Tool } from '@sprout-ai/core';

export interface Payment {
  /** Amount in euro cents. */
  amountCents: Integer;
  payee: string;
}

export interface Receipt {
  receiptId: string;
  amountCents: number;
}

@injectable()
export class LedgerTools {
  private readonly payments: Payment[] = [];

  @Tool({ description: 'Book a payment', concurrency: 'exclusive', timeoutMs: 5_000 })
  book(payment: Payment): Receipt {
    this.payments.push(payment);
    return { receiptId: `R-${this.payments.length}`, amountCents: payment.amountCents };
  }

  @Tool({ description: 'Export the ledger as CSV', maxResultChars: 20_000 })
  exportCsv(month: string): string {
    return [`month,payee,amount_cents`, ...this.payments.map((p) => `${month},${p.payee},${p.amountCents}`)].join('\n');
  }
}
