import type { SampleTicket } from 'shared-contracts';

/** Made-up data of the placeholder screens (docs/product.md#data sample tickets); never sent anywhere. */
export const SAMPLE_TICKETS: SampleTicket[] = [
  {
    ticketId: 'SAMPLE-101',
    title: 'Water leakage in the basement parking',
    status: 'In Review',
    block: 'B',
    location: 'Pune',
    date: '12 Nov 2026',
    time: '10:30',
    assignee: 'City President',
    responses: 2,
    createdBy: 'Sample Member',
  },
  {
    ticketId: 'SAMPLE-102',
    title: 'Delay in possession letter',
    status: 'Pending',
    block: 'A',
    location: 'Mumbai',
    date: '14 Nov 2026',
    time: '16:05',
    assignee: 'Convenor',
    responses: 0,
    createdBy: 'Sample Visitor',
  },
  {
    ticketId: 'SAMPLE-103',
    title: 'Lift maintenance contract query',
    status: 'Resolved',
    block: 'C',
    location: 'Nagpur',
    date: '18 Nov 2026',
    time: '09:15',
    assignee: 'Office Bearer',
    responses: 4,
    createdBy: 'Sample Member',
  },
];

export const SAMPLE_PROFILE = {
  fullName: 'Sample Office Bearer',
  email: 'sample.bearer@example.com',
  mobile: '9800000000',
  role: 'City President',
  city: 'Pune',
};

export const SAMPLE_DOCUMENTS = [
  { name: 'Committee-minutes-October.pdf', size: '240 KB', updated: '02 Nov 2026' },
  { name: 'Member-grievance-policy.docx', size: '88 KB', updated: '21 Oct 2026' },
  { name: 'Site-inspection-photo.jpg', size: '1.2 MB', updated: '15 Oct 2026' },
];
