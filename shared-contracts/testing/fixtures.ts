// Data the component tests of every app build their answers from. Test code only.
import type { Ticket } from '../src/schemas/tickets';
import { SUBMITTED_ACTION } from '../src/workflow/historyEvents';

/** The demo cities of the fixtures. */
export const FIXTURE_CITIES = ['Pune', 'Mumbai', 'Nagpur'];
const NAMES = ['Ravi Kulkarni', 'Meera Shah', 'Anil Patil', 'Sunita Rao', 'Farhan Ali', 'Kavya Iyer'];
const TITLES = ['Water leakage', 'Possession delay', 'Parking dispute', 'Lift maintenance', 'Refund request'];
const STATUSES = ['pending', 'pending', 'in-review', 'approved', 'resolved', 'rejected'] as const;

/** `count` deterministic tickets across the demo cities, newest first. */
export function makeTickets(count: number, start = Date.UTC(2026, 10, 20, 9, 30)): Ticket[] {
  return Array.from({ length: count }, (_, index) => {
    const id = count - index;
    const city = FIXTURE_CITIES[id % FIXTURE_CITIES.length] as string;
    const status = STATUSES[id % STATUSES.length] as Ticket['status'];
    const approved = status !== 'pending';
    return {
      id,
      title: `${TITLES[id % TITLES.length]} ${id}`,
      description: `The member reports issue number ${id} in the ${city} project and asks the committee for help soon.`,
      status,
      city,
      cityData: { id: (id % FIXTURE_CITIES.length) + 1, name: city },
      createdAt: new Date(start - index * 3_600_000).toISOString(),
      version: 1,
      currentAssignee: status === 'resolved' ? 'Completed' : approved ? 'Convenor' : 'CityPresident',
      cityPresidentStatus: approved && status !== 'in-review' ? 'approved' : null,
      adminStatus: status === 'in-review' ? 'approved' : null,
      observerId: 30 + (id % FIXTURE_CITIES.length),
      customer: {
        id: 100 + id,
        fullName: NAMES[id % NAMES.length] as string,
        email: `member${id}@example.com`,
        mobile: `98765${String(id).padStart(5, '0')}`,
        city,
      },
      committee: { name: 'Grievance Committee' },
      cityPresident: { fullName: `${city} President` },
      convenor: { fullName: `${city} Convenor` },
      observer: { fullName: `${city} Observer` },
      comments: [
        // The submitted entry as the api answers it: the event, no values, its English text.
        {
          actionBy: null,
          action: SUBMITTED_ACTION,
          kind: 'ticket.submitted',
          values: {},
          createdAt: new Date(start - index * 3_600_000).toISOString(),
          text: 'Ticket submitted',
        },
      ],
      rejectionReason: status === 'rejected' ? 'Outside the committee scope' : null,
      resolutionMethod: status === 'resolved' ? 'Settled with the developer' : null,
    };
  });
}
