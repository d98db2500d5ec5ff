import { parseAbsence } from './absenceForm';

describe('the Out of office form', () => {
  it('sends the days and the stand-in', () => {
    expect(parseAbsence({ from: '2026-12-01', to: '2026-12-05', standInId: '12' })).toEqual({
      ok: true,
      data: { from: '2026-12-01', to: '2026-12-05', standInId: 12 },
    });
    expect(parseAbsence({ from: '2026-12-01', to: '2026-12-01', standInId: '3' })).toMatchObject({
      ok: true,
    });
  });

  it('names each missing or wrong field', () => {
    expect(parseAbsence({ from: '', to: '', standInId: '' })).toEqual({
      ok: false,
      errors: {
        from: 'absence.errors.fromRequired',
        to: 'absence.errors.toRequired',
        standInId: 'absence.errors.standInRequired',
      },
    });
    expect(parseAbsence({ from: '2026-12-05', to: '2026-12-01', standInId: '3' })).toEqual({
      ok: false,
      errors: { to: 'absence.errors.toBeforeFrom' },
    });
    expect(parseAbsence({ from: '', to: '2026-12-01', standInId: '3' })).toEqual({
      ok: false,
      errors: { from: 'absence.errors.fromRequired' },
    });
  });

  it('an impossible day is refused by the shared schema', () => {
    expect(parseAbsence({ from: '2026-02-31', to: '2026-03-02', standInId: '3' })).toEqual({
      ok: false,
      errors: { from: 'absence.errors.fromRequired' },
    });
  });
});
