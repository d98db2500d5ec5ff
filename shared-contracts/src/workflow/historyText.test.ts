import { i18n, setLanguage } from '../i18n';
import { english, say } from '../i18n/text';
import { ROLES } from '../schemas/role';
import { TICKET_ACTIONS } from '../schemas/tickets';
import {
  actionHistoryText,
  alertHistoryText,
  historyText,
  interimReplyHistoryText,
  SUBMITTED_TEXT,
  shownHistoryText,
  standInHistoryText,
} from './historyText';

describe("the api's own history texts, by code (issue 20)", () => {
  afterEach(() => setLanguage('en'));

  it('are in English exactly the texts the api has always stored (docs/workflow.md)', () => {
    expect(english(SUBMITTED_TEXT)).toBe('Ticket submitted');
    expect(english(actionHistoryText('approve', 'citypresident'))).toBe('Approved by City President');
    expect(english(actionHistoryText('reject', 'observer'))).toBe('Rejected by Office Bearer');
    expect(english(actionHistoryText('resolve', 'convenor'))).toBe('Resolved by Convenor');
    expect(english(actionHistoryText('review', 'admin'))).toBe('Moved to review by Admin');
    expect(english(actionHistoryText('approve', 'credaipresident'))).toBe('Approved by Credai President');
  });

  it('recognises every entry the api writes, old rows included (same text, same action and role)', () => {
    expect(historyText({ action: 'submitted', actorRole: 'customer', text: 'Ticket submitted' })).toEqual(
      SUBMITTED_TEXT,
    );
    for (const action of TICKET_ACTIONS)
      for (const role of ROLES) {
        const text = actionHistoryText(action, role);
        expect(historyText({ action, actorRole: role, text: english(text) })).toEqual(text);
      }
    // A role written in other case (older rows) is the same role.
    expect(
      historyText({ action: 'approve', actorRole: 'CityPresident', text: 'Approved by City President' }),
    ).toEqual(actionHistoryText('approve', 'citypresident'));
  });

  it("leaves a person's words as written: comments, reasons, replies, a text of another role", () => {
    expect(historyText({ action: 'reject', actorRole: 'admin', text: 'Not our scope' })).toBeNull();
    expect(
      historyText({ action: 'approve', actorRole: 'admin', text: 'Approved by City President' }),
    ).toBeNull();
    expect(historyText({ action: 'submitted', actorRole: 'customer', text: 'My lift is broken' })).toBeNull();
    expect(historyText({ action: 'reply', actorRole: 'admin', text: 'Approved by Admin' })).toBeNull();
    expect(historyText({ action: null, actorRole: null, text: 'Ticket submitted' })).toBeNull();
    expect(historyText({ action: 'approve', actorRole: 'nobody', text: 'Approved by nobody' })).toBeNull();
  });

  it('reads in Hindi and Marathi, with the role named in that language', async () => {
    const approved = historyText({
      action: 'approve',
      actorRole: 'citypresident',
      text: 'Approved by City President',
    });
    if (!approved) throw new Error('not recognised');
    expect(say(i18n.t, approved)).toBe('Approved by City President');
    await setLanguage('hi');
    expect(say(i18n.t, approved)).toBe('शहर अध्यक्ष ने स्वीकृत किया');
    expect(say(i18n.t, SUBMITTED_TEXT)).toBe('टिकट दर्ज हुआ');
    await setLanguage('mr');
    expect(say(i18n.t, approved)).toBe('शहर अध्यक्ष यांनी मंजूर केले');
    expect(say(i18n.t, actionHistoryText('reject', 'observer'))).toBe('पदाधिकारी यांनी नाकारले');
  });

  it("shows the api's own entries in the page's language and a person's words as written", async () => {
    await setLanguage('hi');
    expect(shownHistoryText(i18n.t, { action: 'submitted', text: 'Ticket submitted' })).toBe('टिकट दर्ज हुआ');
    expect(shownHistoryText(i18n.t, { action: 'reject', actorRole: 'admin', text: 'Duplicate of 12' })).toBe(
      'Duplicate of 12',
    );
  });

  it('keeps a nested text it cannot find as it is (never an empty English text)', () => {
    expect(english({ key: 'common:history.approve', values: { role: 'nobody' } })).toBe(
      'Approved by $t(common:role.nobody)',
    );
  });
});

describe('the history texts of the clock (reminders, escalations, interim replies, stand-ins)', () => {
  afterEach(() => setLanguage('en'));

  const convenor = { name: 'Anita Rao', role: 'convenor' as const };
  const standIn = { name: 'Vijay (Pune)', role: 'observer' as const, actingFor: 'Meera: away' };

  it('are in English the texts the api has written since the clock came (ADR 0033)', () => {
    expect(english(alertHistoryText('reminder', convenor, 'resolution', '2026-12-01 17:00'))).toBe(
      "Reminder sent to Anita Rao (Convenor): the Convenor's resolution is due 2026-12-01 17:00",
    );
    expect(english(alertHistoryText('escalation', standIn, 'review', '2026-12-01 17:00'))).toBe(
      "Escalated to Vijay (Pune) (Office Bearer), acting for Meera: away: the City President's review was due 2026-12-01 17:00",
    );
    expect(
      english(interimReplyHistoryText('approval', '2026-12-09', 'Site visit: on the 8th. Then we decide.')),
    ).toBe(
      "Interim reply: the Office Bearer's final approval is expected by 2026-12-09. Site visit: on the 8th. Then we decide.",
    );
    expect(english(standInHistoryText({ name: 'Vijay', role: 'citypresident', actingFor: 'Meera' }))).toBe(
      'Handed to Vijay (City President), acting for Meera',
    );
  });

  it('are read back from their stored English, names, roles, stages, days and reasons included', () => {
    const written = [
      ['reminder', alertHistoryText('reminder', convenor, 'resolution', '2026-12-01 17:00')],
      ['reminder', alertHistoryText('reminder', standIn, 'approval', '2026-12-01 10:00')],
      [
        'escalation',
        alertHistoryText('escalation', { name: 'nobody', role: 'credaipresident' }, 'review', 'x'),
      ],
      ['escalation', alertHistoryText('escalation', standIn, 'review', '2026-12-01 17:00')],
      [
        'interim-reply',
        interimReplyHistoryText('review', '2026-12-09', 'Two lines:\nthe second (Convenor).'),
      ],
      ['stand-in', standInHistoryText({ name: 'Vijay', role: 'citypresident', actingFor: 'Meera' })],
    ] as const;
    for (const [action, text] of written)
      expect(historyText({ action, actorRole: null, text: english(text) })).toEqual(text);
  });

  it('leaves a text of another shape as written (an older wording, a person of another action)', () => {
    expect(historyText({ action: 'escalation', text: 'Escalated to the moon' })).toBeNull();
    expect(historyText({ action: 'stand-in', text: 'Handed to Vijay (Chef), acting for Meera' })).toBeNull();
    expect(historyText({ action: 'interim-reply', text: 'Interim reply: soon' })).toBeNull();
  });

  it('reads in Hindi and Marathi: the role and the stage in that language, the names and the reason as written', async () => {
    const entry = {
      action: 'escalation',
      text: english(alertHistoryText('escalation', standIn, 'review', '2026-12-01 17:00')),
    };
    await setLanguage('hi');
    expect(shownHistoryText(i18n.t, entry)).toBe(
      'Meera: away की जगह Vijay (Pune) (पदाधिकारी) तक आगे बढ़ाया गया: शहर अध्यक्ष की समीक्षा की समय-सीमा 2026-12-01 17:00 थी',
    );
    await setLanguage('mr');
    expect(
      shownHistoryText(i18n.t, {
        action: 'interim-reply',
        text: english(interimReplyHistoryText('approval', '2026-12-09', 'Site visit first.')),
      }),
    ).toBe('अंतरिम उत्तर: पदाधिकाऱ्यांची अंतिम मंजुरी 2026-12-09 पर्यंत अपेक्षित आहे. Site visit first.');
  });
});
