import { inject, injectable } from 'inversify';
import { Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { AUTH_REQUIRED, type DeskResult, invalid, notFound, signedInUser } from './desk-result';
import { DeskStore } from './desk-store';

/** When a question needs a person: support tickets and a hand-over to a human agent. */
@injectable()
export class SupportTicketTools {
  constructor(@inject(DeskStore) private readonly store: DeskStore) {}

  @Tool({ description: 'Open a support ticket for a problem the assistant cannot solve; an agent replies by e-mail.' })
  openSupportTicket(
    @ToolParam({ description: 'One line summing up the problem' }) subject: string,
    @ToolParam({ description: 'Everything the agent needs to know' }) details: string,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    if (typeof subject !== 'string' || subject.trim() === '') return invalid('The ticket needs a subject.');
    const ticketId = this.store.nextId('ticket', 'T-');
    this.store.save({
      kind: 'ticket',
      id: ticketId,
      userId,
      data: { subject, details, status: 'open', openedAt: '2026-12-02' },
    });
    return { code: 'OK', ticketId, status: 'open' };
  }

  @Tool({ description: 'Status of a support ticket the customer opened earlier.' })
  getSupportTicketStatus(
    @ToolParam({ description: 'Ticket id, e.g. T-500' }) ticketId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const found = this.store.findOwned('ticket', ticketId, userId);
    return found === undefined ? notFound('ticket', ticketId) : { code: 'OK', ticketId, ...found.data };
  }

  @Tool({
    description:
      'Hand the conversation over to a human customer service agent (转人工) when the customer asks for a person.',
  })
  transferToHumanAgent(
    @ToolParam({ description: 'Why a person is needed, for the agent' }) reason: string,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const queueId = this.store.nextId('handover', 'Q-');
    this.store.save({ kind: 'handover', id: queueId, userId, data: { reason } });
    return { code: 'OK', queueId, estimatedWaitMinutes: 4 };
  }
}
