import { cannedResponseInputSchema, fillCannedText, unknownCannedVariables } from './deskTools';
import {
  ASSISTED_CHANNELS,
  assistedChannelSchema,
  INTAKE_CHANNELS,
  intakeChannelSchema,
} from './intakeChannels';

describe('canned answers (ADR 0065)', () => {
  it('fills every variable it has a value for and leaves the others as written', () => {
    expect(
      fillCannedText('प्रिय {memberName}, {ticketNumber} ({dueDate}) — {officeBearer} {memberName}', {
        memberName: 'सुनीता',
        ticketNumber: 'CREDAI-7',
        officeBearer: 'Meera',
      }),
    ).toBe('प्रिय सुनीता, CREDAI-7 ({dueDate}) — Meera सुनीता');
    expect(fillCannedText('{unknown} and {} stay', { memberName: 'x' })).toBe('{unknown} and {} stay');
  });

  it('names each unknown variable once', () => {
    expect(unknownCannedVariables('{memberName} {membername} {membername} {ticketNumber} {x}')).toEqual([
      'membername',
      'x',
    ]);
    expect(unknownCannedVariables('no variables, {not one}')).toEqual([]);
  });

  it('requires a title and a text in each language, with known variables only', () => {
    const text = { en: 'Hello {memberName}', hi: 'नमस्ते {memberName}', mr: 'नमस्कार {memberName}' };
    const title = { en: 'Hello', hi: 'नमस्ते', mr: 'नमस्कार' };
    expect(cannedResponseInputSchema.safeParse({ title, text }).success).toBe(true);
    const typo = cannedResponseInputSchema.safeParse({ title, text: { ...text, hi: '{name}' } });
    expect(typo.success).toBe(false);
    expect(typo.error?.issues[0]?.path).toEqual(['text', 'hi']);
    expect(cannedResponseInputSchema.safeParse({ title: { ...title, mr: ' ' }, text }).success).toBe(false);
  });
});

describe('intake channels (ADR 0066)', () => {
  it('staff file by phone, walk-in, letter or email; the form is web', () => {
    expect(INTAKE_CHANNELS).toEqual(['web', ...ASSISTED_CHANNELS]);
    expect(assistedChannelSchema.safeParse('walk-in').success).toBe(true);
    expect(assistedChannelSchema.safeParse('web').success).toBe(false);
    expect(intakeChannelSchema.safeParse('web').success).toBe(true);
  });
});
