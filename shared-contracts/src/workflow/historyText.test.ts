import { i18n, setLanguage } from '../i18n';
import { english, say } from '../i18n/text';
import { ROLES } from '../schemas/role';
import { TICKET_ACTIONS } from '../schemas/tickets';
import { actionHistoryText, historyText, SUBMITTED_TEXT, shownHistoryText } from './historyText';

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
