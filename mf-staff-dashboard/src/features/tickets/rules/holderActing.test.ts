import { holderActor } from './holderActing';

const PUNE = { city: 'Pune', cityData: { name: 'Pune' } };
const president = { id: 2, role: 'credaipresident' };

describe('holderActor (ADR 0048)', () => {
  test("the association president holding a recused city president's review acts as the city president of the ticket's city", () => {
    expect(holderActor(president, { ...PUNE, stage: 'review', cityPresidentId: 2 })).toEqual({
      role: 'citypresident',
      city: 'Pune',
    });
  });

  test("a city president holding a recused convenor's resolution acts as the convenor; a convenor the office bearer's approval", () => {
    expect(
      holderActor({ id: 4, role: 'CityPresident' }, { ...PUNE, stage: 'resolution', convenorId: 4 }),
    ).toEqual({ role: 'convenor', city: 'Pune' });
    expect(
      holderActor({ id: 5, role: 'convenor' }, { city: 'Pune', stage: 'approval', observerId: 5 }),
    ).toEqual({
      role: 'observer',
      city: 'Pune',
    });
  });

  test('nobody else: another holder, the own role, no open stage, the appeal stage, no user, no city', () => {
    expect(holderActor(president, { ...PUNE, stage: 'review', cityPresidentId: 9 })).toBeNull();
    expect(
      holderActor({ id: 4, role: 'citypresident' }, { ...PUNE, stage: 'review', cityPresidentId: 4 }),
    ).toBeNull();
    expect(holderActor(president, { ...PUNE, stage: null, cityPresidentId: 2 })).toBeNull();
    expect(holderActor(president, { ...PUNE, stage: 'appeal', cityPresidentId: 2 })).toBeNull();
    expect(holderActor(null, { ...PUNE, stage: 'review', cityPresidentId: 2 })).toBeNull();
    expect(holderActor(president, { stage: 'review', cityPresidentId: 2 })).toEqual({
      role: 'citypresident',
      city: null,
    });
  });
});
