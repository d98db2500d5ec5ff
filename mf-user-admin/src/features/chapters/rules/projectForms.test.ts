import {
  EMPTY_PROJECT_FORM,
  importHasChanges,
  importLineKey,
  projectFormValues,
  projectFromForm,
} from './projectForms';

const PROJECT = {
  id: 4,
  reraNumber: 'P52100012345',
  name: 'Sahyadri Heights',
  promoter: 'Sahyadri Developers',
  cityId: 1,
  city: 'Pune',
  district: 'Pune',
};

describe("the admins' project form (ADR 0055)", () => {
  test("a project's values fill the form, and come back as the call's body", () => {
    const values = projectFormValues(PROJECT);
    expect(values).toEqual({
      reraNumber: 'P52100012345',
      name: 'Sahyadri Heights',
      promoter: 'Sahyadri Developers',
      cityId: '1',
      district: 'Pune',
    });
    expect(projectFromForm({ ...values, reraNumber: ' p521 0001 2345 ' })).toEqual({
      ok: true,
      project: {
        reraNumber: 'P52100012345',
        name: 'Sahyadri Heights',
        promoter: 'Sahyadri Developers',
        cityId: 1,
        district: 'Pune',
      },
    });
  });

  test('an empty form names each missing field; a Maharashtra number of the wrong length is told so', () => {
    const empty = projectFromForm(EMPTY_PROJECT_FORM);
    expect(empty.ok).toBe(false);
    if (empty.ok) return;
    expect(Object.keys(empty.errors).sort()).toEqual(['cityId', 'name', 'reraNumber']);
    const short = projectFromForm({ ...projectFormValues(PROJECT), reraNumber: 'P5210' });
    expect(short).toEqual({
      ok: false,
      errors: { reraNumber: 'A Maharashtra RERA number is P followed by 11 digits' },
    });
  });
});

describe("the import's lines", () => {
  test.each([
    [{ outcome: 'added' as const }, 'projects.import.outcomes.added'],
    [{ outcome: 'changed' as const }, 'projects.import.outcomes.changed'],
    [{ outcome: 'unchanged' as const }, 'projects.import.outcomes.unchanged'],
    [
      { outcome: 'refused' as const, reason: 'UNKNOWN_CITY' as const },
      'projects.import.reasons.UNKNOWN_CITY',
    ],
    [{ outcome: 'refused' as const }, 'projects.import.reasons.BAD_LINE'],
  ])('%j reads %s', (line, key) => {
    expect(importLineKey(line)).toBe(key);
  });

  test('a dry run with a line to add or change leaves something to import; one with only refusals does not', () => {
    expect(importHasChanges({ added: 1, changed: 0 })).toBe(true);
    expect(importHasChanges({ added: 0, changed: 2 })).toBe(true);
    expect(importHasChanges({ added: 0, changed: 0 })).toBe(false);
  });
});
