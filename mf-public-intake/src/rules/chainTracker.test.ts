import type { TicketStage } from 'shared-contracts';
import { chainSteps } from './chainTracker';

const stage = (overrides: Partial<TicketStage>): TicketStage => ({
  id: 1,
  stage: 'review',
  holderRole: 'citypresident',
  holderName: null,
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

const NOW = new Date('2026-11-25T06:00:00.000Z');

describe("the member's chain tracker", () => {
  it('lists the steps oldest first: done, or current and late past its expected time', () => {
    const resolution = stage({
      id: 2,
      stage: 'resolution',
      holderRole: 'convenor',
      enteredAt: '2026-11-22T05:00:00.000Z',
      dueAt: '2026-12-02T12:30:00.000Z',
    });
    const review = stage({ id: 1, leftAt: '2026-11-22T05:00:00.000Z', outcome: 'approve' });
    const steps = chainSteps([resolution, review], NOW);
    expect(steps.map((step) => [step.stage, step.holderRole, step.doneAt, step.late])).toEqual([
      ['review', 'citypresident', '2026-11-22T05:00:00.000Z', false],
      ['resolution', 'convenor', null, false],
    ]);
    expect(chainSteps([stage({})], NOW)[0]?.late).toBe(true);
    // No due time yet: never late.
    expect(chainSteps([stage({ dueAt: null })], NOW)[0]).toMatchObject({ expectedBy: null, late: false });
  });

  it('names each role it was escalated to once, and leaves the reminders out', () => {
    const [step] = chainSteps(
      [
        stage({
          alerts: [
            { level: 'reminder', at: '2026-11-23T09:00:00.000Z', toRole: 'citypresident' },
            { level: 'next-level', at: '2026-11-24T12:31:00.000Z', toRole: 'observer' },
            { level: 'next-level', at: '2026-11-24T12:32:00.000Z', toRole: 'observer' },
            { level: 'president', at: '2026-11-26T12:31:00.000Z', toRole: 'credaipresident' },
          ],
        }),
      ],
      NOW,
    );
    expect(step?.escalatedTo).toEqual(['observer', 'credaipresident']);
  });

  it('shows the interim replies oldest first, with the new expected time', () => {
    const first = {
      reason: 'Records awaited',
      expectedBy: '2026-12-01',
      dueAt: '2026-12-01T12:30:00.000Z',
      createdAt: '2026-11-24T06:00:00.000Z',
    };
    const second = {
      ...first,
      reason: 'Visit moved',
      expectedBy: '2026-12-04',
      createdAt: '2026-11-30T06:00:00.000Z',
    };
    const [step] = chainSteps([stage({ dueAt: second.dueAt, extensions: [second, first] })], NOW);
    expect(step?.extensions.map((extension) => extension.reason)).toEqual(['Records awaited', 'Visit moved']);
    expect(step).toMatchObject({ expectedBy: second.dueAt, late: false });
  });
});
