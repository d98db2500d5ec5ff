/** English catalogue of the public-intake remote (namespace `publicIntake`). */
export const publicIntakeEn = {
  addTicket: { title: 'Submit Helpdesk Ticket' },
  ticketDetail: { title: 'Ticket details' },
  userTickets: { title: 'Your Tickets' },
};
