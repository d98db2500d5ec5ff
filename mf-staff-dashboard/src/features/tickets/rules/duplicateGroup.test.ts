import type { TicketLink } from 'shared-contracts';
import { duplicatesAtStage } from './duplicateGroup';

const link = (ticketId: number, role: TicketLink['role'], status: string): TicketLink => ({
  ticketId,
  role,
  title: `Ticket ${ticketId}`,
  status,
});

describe('duplicatesAtStage (ADR 0056)', () => {
  test("counts the primary's duplicates whose status is the primary's, not the ones that moved on, nor its primary or related tickets", () => {
    expect(
      duplicatesAtStage({
        status: 'approved',
        links: [
          link(2, 'duplicate', 'approved'),
          link(3, 'duplicate', 'approved'),
          link(4, 'duplicate', 'resolved'),
          link(5, 'related', 'approved'),
          link(6, 'primary', 'approved'),
        ],
      }),
    ).toBe(2);
  });

  test('a ticket without links, or without duplicates, offers none', () => {
    expect(duplicatesAtStage({ status: 'pending' })).toBe(0);
    expect(duplicatesAtStage({ status: 'pending', links: [link(9, 'primary', 'pending')] })).toBe(0);
  });
});
