/** English catalogue of the staff-dashboard remote (namespace `staffDashboard`). */
export const staffDashboardEn = {
  allTickets: { title: 'All Tickets' },
  reports: { title: 'Generate Report' },
  profile: { title: 'Profile Settings' },
  settings: { title: 'System Settings' },
  documents: { title: 'My Documents' },
  desks: {
    helpDesk: 'Help Desk',
    conciergeDesk: 'Concierge Desk',
    rentBuyDesk: 'Rent / Buy Desk',
    referralDesk: 'Referral Desk',
  },
};
