import { pickedProject, pickedProjectText, projectFieldError, typedProject } from './projectField';

const SAHYADRI = { id: 12, name: 'Sahyadri Heights', reraNumber: 'P52100012345' };

describe('the project box of the submit form (ADR 0055)', () => {
  test('a pick shows the name and number, and sends the id without a typed number', () => {
    expect(pickedProjectText(SAHYADRI)).toBe('Sahyadri Heights (P52100012345)');
    expect(pickedProject(SAHYADRI)).toEqual({ projectId: '12', reraNumber: '' });
  });

  test('typing drops the pick and sends the text, trimmed, as a number', () => {
    expect(typedProject('  p52100012345 ')).toEqual({ projectId: '', reraNumber: 'p52100012345' });
    expect(typedProject('')).toEqual({ projectId: '', reraNumber: '' });
  });

  test.each<[string, { projectId?: string; reraNumber?: string }, string | null]>([
    ['a picked project', { projectId: '12', reraNumber: '' }, null],
    ['an empty box', { projectId: '', reraNumber: '  ' }, null],
    ['no value at all', {}, null],
    ['a number typed in full', { projectId: '', reraNumber: 'P52100012345' }, null],
    ["another state's number", { projectId: '', reraNumber: 'PRM/KA/RERA/1251/446/PR/171015/000438' }, null],
    ['a Maharashtra number of the wrong length (the schema says so)', { reraNumber: 'P5210' }, null],
    [
      'words without a pick',
      { projectId: '', reraNumber: 'Sahyadri' },
      'Please choose a project from the list.',
    ],
    [
      'a pick changed by hand',
      { projectId: '', reraNumber: 'Sahyadri Heights (P52100012345' },
      'Please choose a project from the list.',
    ],
  ])('%s', (_case, values, error) => {
    expect(projectFieldError(values)).toBe(error);
  });
});
