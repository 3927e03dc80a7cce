import { inject, injectable } from 'inversify';
import { Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { AUTH_REQUIRED, type DeskResult, invalid, notFound, signedInUser } from './desk-result';
import { DeskStore } from './desk-store';

interface InvoiceData {
  readonly orderId: string;
  readonly amountCents: number;
  readonly paid: boolean;
  readonly issuedAt: string;
  readonly dueDate?: string;
  readonly companyTitle?: string;
}

/** Invoices (发票) of the customer's orders and what is still to pay. */
@injectable()
export class InvoiceTools {
  constructor(@inject(DeskStore) private readonly store: DeskStore) {}

  @Tool({ description: 'Get the invoice (发票) of an order: amount, date, paid or not, and a PDF link.' })
  getInvoice(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A123' }) orderId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const found = this.store.findOwned<InvoiceData>('invoice', `INV-${orderId}`, userId);
    if (found === undefined) return notFound('invoice for order', orderId);
    return { code: 'OK', invoiceId: found.id, ...found.data, pdfUrl: `https://invoices.example.com/${found.id}.pdf` };
  }

  @Tool({ description: 'Reissue an order’s invoice with a company name and tax number (for business expenses).' })
  reissueInvoiceForCompany(
    @ToolParam({ description: 'Order id, "A" followed by 3 digits, e.g. A123' }) orderId: string,
    @ToolParam({ description: 'The company name to print on the invoice (发票抬头)' }) companyTitle: string,
    @ToolParam({ description: 'The company’s taxpayer id (税号), 15 to 20 letters and digits' }) taxId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    if (typeof taxId !== 'string' || !/^[0-9A-Z]{15,20}$/.test(taxId)) {
      return invalid('A taxpayer id has 15 to 20 capital letters and digits.');
    }
    const found = this.store.findOwned<InvoiceData>('invoice', `INV-${orderId}`, userId);
    if (found === undefined) return notFound('invoice for order', orderId);
    this.store.save({ ...found, data: { ...found.data, companyTitle, taxId } });
    return { code: 'OK', invoiceId: found.id, companyTitle, message: 'The new invoice is e-mailed within an hour.' };
  }

  @Tool({ description: 'The customer’s unpaid invoices and outstanding balance, with due dates.' })
  getOutstandingBalance(toolContext: ToolContext): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const unpaid = this.store.list<InvoiceData>('invoice', userId).filter((r) => !r.data.paid);
    return {
      code: 'OK',
      balanceCents: unpaid.reduce((sum, r) => sum + r.data.amountCents, 0),
      unpaid: unpaid.map((r) => ({
        invoiceId: r.id,
        orderId: r.data.orderId,
        amountCents: r.data.amountCents,
        dueDate: r.data.dueDate,
      })),
    };
  }
}
