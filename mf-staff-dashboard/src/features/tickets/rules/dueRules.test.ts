import type { TicketStage } from 'shared-contracts';
import { dueFilterOf, sortOf } from './dueFilter';
import { canPostInterimReply, earliestExpectedBy, openStage } from './interimReply';

describe('the due filter and order in the address', () => {
  it('reads overdue, soon and due; anything else is no filter', () => {
    expect(dueFilterOf('overdue')).toBe('overdue');
    expect(dueFilterOf('soon')).toBe('soon');
    expect(dueFilterOf('late')).toBeNull();
    expect(dueFilterOf(null)).toBeNull();
    expect(sortOf('due')).toBe('due');
    expect(sortOf('newest')).toBeNull();
    expect(sortOf(null)).toBeNull();
  });
});

const stage = (overrides: Partial<TicketStage> = {}): TicketStage => ({
  id: 1,
  stage: 'review',
  holderRole: 'citypresident',
  holderName: 'Pune President',
  actingFor: null,
  enteredAt: '2026-11-20T05:00:00.000Z',
  dueAt: '2026-11-24T12:30:00.000Z',
  leftAt: null,
  leftBy: null,
  outcome: null,
  alerts: [],
  extensions: [],
  ...overrides,
});

describe('who is offered the interim reply', () => {
  it('finds the open stage', () => {
    const closed = stage({ id: 1, leftAt: '2026-11-21T05:00:00.000Z' });
    const open = stage({ id: 2, stage: 'resolution', holderRole: 'convenor' });
    expect(openStage([closed, open])).toBe(open);
    expect(openStage([closed])).toBeUndefined();
    expect(openStage(undefined)).toBeUndefined();
  });

  it('the holder role of the ticket’s city, while the stage is open and has a due time', () => {
    const cp = { role: 'CityPresident', city: 'Pune' };
    expect(canPostInterimReply(cp, 'Pune', stage())).toBe(true);
    expect(canPostInterimReply({ role: 'citypresident', city: ' pune ' }, 'PUNE', stage())).toBe(true);
    expect(canPostInterimReply({ role: 'citypresident', city: 'Mumbai' }, 'Pune', stage())).toBe(false);
    expect(canPostInterimReply({ role: 'convenor', city: 'Pune' }, 'Pune', stage())).toBe(false);
    expect(canPostInterimReply(cp, 'Pune', stage({ dueAt: null }))).toBe(false);
    expect(canPostInterimReply(cp, 'Pune', stage({ leftAt: '2026-11-21T05:00:00.000Z' }))).toBe(false);
    expect(canPostInterimReply(cp, 'Pune', undefined)).toBe(false);
    expect(canPostInterimReply(null, 'Pune', stage())).toBe(false);
    // A user or ticket without a city is left to the api to decide.
    expect(canPostInterimReply({ role: 'citypresident', city: null }, 'Pune', stage())).toBe(true);
    expect(canPostInterimReply(cp, '', stage())).toBe(true);
  });

  it('the earliest new date is the day after the due day, in the chapter’s zone', () => {
    expect(earliestExpectedBy('2026-11-24T12:30:00.000Z')).toBe('2026-11-25');
    // 20:00 UTC is already the next day in India.
    expect(earliestExpectedBy('2026-11-24T20:00:00.000Z')).toBe('2026-11-26');
    expect(earliestExpectedBy('2026-12-31T12:30:00.000Z', 'UTC')).toBe('2027-01-01');
  });
});
