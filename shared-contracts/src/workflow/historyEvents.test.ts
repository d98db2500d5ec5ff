import { i18n, setLanguage } from '../i18n';
import type { Text } from '../i18n/text';
import { english, say } from '../i18n/text';
import { ROLES } from '../schemas/role';
import { TICKET_ACTIONS } from '../schemas/tickets';
import {
  actionHistoryText,
  alertHistoryText,
  CHAIN_ACTION_KINDS,
  englishHistoryText,
  HISTORY_KINDS,
  HISTORY_VALUES,
  type HistoryEvent,
  type HistoryKind,
  historyText,
  interimReplyHistoryText,
  SUBMITTED_TEXT,
  shownHistoryText,
  standInHistoryText,
  transferPlaces,
  WORDS_ONLY_HISTORY_KINDS,
} from './historyEvents';

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

  it('renders a chain step by its event: the role without a comment, the words with one', () => {
    expect(historyText({ kind: 'ticket.submitted', text: '' })).toEqual(SUBMITTED_TEXT);
    for (const action of TICKET_ACTIONS)
      for (const role of ROLES)
        expect(historyText({ kind: CHAIN_ACTION_KINDS[action], actorRole: role, text: '' })).toEqual(
          actionHistoryText(action, role),
        );
    // A role written in other case (older rows) is the same role.
    expect(historyText({ kind: 'ticket.approved', actorRole: 'CityPresident', text: '' })).toEqual(
      actionHistoryText('approve', 'citypresident'),
    );
  });

  it("leaves a person's words as written: comments, reasons, replies, unknown kinds and roles", () => {
    expect(
      historyText({
        kind: 'ticket.rejected',
        actorRole: 'admin',
        values: { comment: 'Not our scope' },
        text: 'Not our scope',
      }),
    ).toBeNull();
    expect(historyText({ kind: 'staff.replied', actorRole: 'admin', text: 'Approved by Admin' })).toBeNull();
    expect(historyText({ kind: 'member.replied', actorRole: 'customer', text: 'Thank you' })).toBeNull();
    expect(historyText({ kind: null, text: 'Ticket submitted' })).toBeNull();
    expect(historyText({ kind: 'ticket.approved', actorRole: 'nobody', text: '' })).toBeNull();
    expect(englishHistoryText({ kind: 'staff.noted', text: 'Builder is a member' })).toBe(
      'Builder is a member',
    );
  });

  it('reads in Hindi and Marathi, with the role named in that language', async () => {
    const approved = historyText({ kind: 'ticket.approved', actorRole: 'citypresident', text: '' });
    if (!approved) throw new Error('not rendered');
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
    expect(shownHistoryText(i18n.t, { kind: 'ticket.submitted', text: 'Ticket submitted' })).toBe(
      'टिकट दर्ज हुआ',
    );
    expect(
      shownHistoryText(i18n.t, {
        kind: 'ticket.rejected',
        actorRole: 'admin',
        values: { comment: 'Duplicate of 12' },
        text: 'Duplicate of 12',
      }),
    ).toBe('Duplicate of 12');
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

  it('are rendered from their events: names resolved by the api, roles, stages, days and reasons', () => {
    const recipient = { role: 'convenor', userId: 4, name: 'Anita Rao' };
    const standing = {
      role: 'observer',
      userId: 5,
      name: 'Vijay (Pune)',
      actingForId: 6,
      actingFor: 'Meera: away',
    };
    const rendered: [HistoryEvent, Text][] = [
      [
        {
          kind: 'stage.reminded',
          values: { stage: 'resolution', due: '2026-12-01 17:00', ...recipient },
          text: '',
        },
        alertHistoryText('reminder', convenor, 'resolution', '2026-12-01 17:00'),
      ],
      [
        {
          kind: 'stage.reminded',
          values: { stage: 'approval', due: '2026-12-01 10:00', ...standing },
          text: '',
        },
        alertHistoryText('reminder', standIn, 'approval', '2026-12-01 10:00'),
      ],
      [
        // Nobody held the level: the entry says so.
        {
          kind: 'stage.escalated',
          values: { stage: 'review', due: 'x', role: 'credaipresident', userId: null },
          text: '',
        },
        alertHistoryText('escalation', { name: 'nobody', role: 'credaipresident' }, 'review', 'x'),
      ],
      [
        {
          kind: 'stage.escalated',
          values: { stage: 'review', due: '2026-12-01 17:00', ...standing },
          text: '',
        },
        alertHistoryText('escalation', standIn, 'review', '2026-12-01 17:00'),
      ],
      [
        {
          kind: 'stage.interim_reply',
          values: { stage: 'review', expectedBy: '2026-12-09', reason: 'Two lines:\nthe second (Convenor).' },
          text: '',
        },
        interimReplyHistoryText('review', '2026-12-09', 'Two lines:\nthe second (Convenor).'),
      ],
      [
        {
          kind: 'stage.stand_in',
          values: {
            stage: 'review',
            role: 'citypresident',
            userId: 3,
            name: 'Vijay',
            actingForId: 2,
            actingFor: 'Meera',
          },
          text: '',
        },
        standInHistoryText({ name: 'Vijay', role: 'citypresident', actingFor: 'Meera' }),
      ],
    ];
    for (const [entry, text] of rendered) expect(historyText(entry)).toEqual(text);
  });

  it('shows an entry whose values do not make its event as written (an older row kept as it was)', () => {
    expect(historyText({ kind: 'stage.escalated', values: {}, text: 'Escalated to the moon' })).toBeNull();
    expect(
      shownHistoryText(i18n.t, { kind: 'stage.stand_in', values: { role: 'chef' }, text: 'Handed over' }),
    ).toBe('Handed over');
    expect(historyText({ kind: 'case.closed', values: { cause: 'bored' }, text: 'Closed' })).toBeNull();
  });

  it('reads in Hindi and Marathi: the role and the stage in that language, the names and the reason as written', async () => {
    const entry = {
      kind: 'stage.escalated',
      values: {
        stage: 'review',
        due: '2026-12-01 17:00',
        role: 'observer',
        name: 'Vijay (Pune)',
        actingFor: 'Meera: away',
      },
      text: '',
    };
    await setLanguage('hi');
    expect(shownHistoryText(i18n.t, entry)).toBe(
      'Meera: away की जगह Vijay (Pune) (पदाधिकारी) तक आगे बढ़ाया गया: शहर अध्यक्ष की समीक्षा की समय-सीमा 2026-12-01 17:00 थी',
    );
    await setLanguage('mr');
    expect(
      shownHistoryText(i18n.t, {
        kind: 'stage.interim_reply',
        values: { stage: 'approval', expectedBy: '2026-12-09', reason: 'Site visit first.' },
        text: 'Site visit first.',
      }),
    ).toBe('अंतरिम उत्तर: पदाधिकाऱ्यांची अंतिम मंजुरी 2026-12-09 पर्यंत अपेक्षित आहे. Site visit first.');
  });
});

/** A reader's values for each kind the api writes: the test below fails when a kind has none. */
const SAMPLE_VALUES: Record<HistoryKind, HistoryEvent['values']> = {
  'ticket.submitted': {},
  'ticket.filed_for_member': { channel: 'walk-in' },
  'ticket.approved': {},
  'ticket.rejected': {},
  'ticket.resolved': {},
  'ticket.reviewed': {},
  'staff.replied': {},
  'staff.noted': {},
  'member.replied': {},
  'stage.reminded': {
    stage: 'review',
    due: '2026-12-01 17:00',
    role: 'citypresident',
    userId: 3,
    name: 'Meera',
  },
  'stage.escalated': {
    stage: 'resolution',
    due: '2026-12-01 17:00',
    role: 'observer',
    userId: 5,
    name: 'Vijay',
    actingForId: 6,
    actingFor: 'Anil',
  },
  'stage.interim_reply': { stage: 'approval', expectedBy: '2026-12-09', reason: 'Site visit' },
  'stage.stand_in': {
    stage: 'review',
    role: 'citypresident',
    userId: 5,
    name: 'Vijay',
    actingForId: 3,
    actingFor: 'Meera',
  },
  'stage.recused': {
    stage: 'review',
    role: 'citypresident',
    userId: 3,
    name: 'Meera',
    toRole: 'credaipresident',
    toUserId: 1,
    toName: 'Asha',
    cause: 'interest',
  },
  'member.rated': { stars: 2, comment: 'Slow' },
  'member.reopened': { reason: 'Leak is back' },
  'member.appealed': { reason: 'Unfair' },
  'appeal.upheld': { reason: 'Right' },
  'appeal.remanded': { appealId: 1, reason: 'Look again', appeal: 'Unfair' },
  'appeal.dismissed': { reason: 'No' },
  'ticket.transferred': {
    fromCityId: 1,
    toCityId: 2,
    fromCommitteeId: 4,
    toCommitteeId: 3,
    from: 'Pune',
    to: 'Mumbai',
    reason: 'Wrong city',
  },
  'case.closed': { cause: 'unrated', days: 7 },
};

describe('every kind of history entry the api writes (ADR 0045)', () => {
  afterEach(() => setLanguage('en'));

  it.each(['en', 'hi', 'mr'] as const)(
    'reads whole in %s: no missing text, no value left out',
    async (language) => {
      await setLanguage(language);
      for (const kind of HISTORY_KINDS) {
        const entry: HistoryEvent = {
          kind,
          values: SAMPLE_VALUES[kind],
          actorRole: 'citypresident',
          text: 'words',
        };
        const shown = shownHistoryText(i18n.t, entry);
        expect({ kind, shown }).toEqual({
          kind,
          shown: expect.not.stringMatching(/\{\{|\$t\(|common:|history\./),
        });
        if (!WORDS_ONLY_HISTORY_KINDS.includes(kind))
          expect({ kind, event: historyText(entry) }).toEqual({
            kind,
            event: expect.objectContaining({ key: expect.any(String) }),
          });
      }
    },
  );

  it('renders a complaint staff filed for the member (ADR 0066): who filed it and how, in each language', async () => {
    const entry = {
      kind: 'ticket.filed_for_member',
      values: { channel: 'walk-in' },
      actorRole: 'citypresident',
      text: '',
    };
    expect(englishHistoryText(entry)).toBe('Filed for the member by the City President (Walk-in)');
    await setLanguage('mr');
    expect(shownHistoryText(i18n.t, entry)).toBe('शहर अध्यक्ष यांनी सदस्याच्या वतीने नोंदवले (कार्यालयात येऊन)');
    await setLanguage('en');
    expect(historyText({ ...entry, values: { channel: 'pigeon' } })).toBeNull();
    expect(historyText({ ...entry, actorRole: null })).toBeNull();
  });

  it('renders a recusal (ADR 0048): the person passed over for an interest, or an office bearer case sent up', () => {
    const recused = {
      stage: 'review',
      role: 'citypresident',
      name: 'Meera',
      toRole: 'credaipresident',
      toName: 'Asha',
    };
    expect(
      englishHistoryText({ kind: 'stage.recused', values: { ...recused, cause: 'interest' }, text: '' }),
    ).toBe('Passed over Meera (City President), who declared an interest: handed to Asha (Credai President)');
    expect(
      englishHistoryText({
        kind: 'stage.recused',
        values: { ...recused, cause: 'officeBearer', name: null },
        text: '',
      }),
    ).toBe('The complaint concerns an office bearer of the chapter: handed to Asha (Credai President)');
    // Without a holder's role nothing is rendered from the values (the stored text, empty, stands).
    expect(
      historyText({ kind: 'stage.recused', values: { ...recused, toRole: 'nobody' }, text: '' }),
    ).toBeNull();
    expect(
      englishHistoryText({
        kind: 'stage.recused',
        values: { role: 'nobody', toRole: 'convenor', cause: 'interest' },
        text: '',
      }),
    ).toBe('Passed over nobody (Convenor), who declared an interest: handed to nobody (Convenor)');
  });

  it('stores only ids, dates, numbers and codes: each sample of stored values fits its kind', () => {
    const stored = (values: HistoryEvent['values']) =>
      Object.fromEntries(
        Object.entries(values ?? {}).filter(
          ([name]) =>
            !['name', 'actingFor', 'toName', 'from', 'to', 'appeal', 'reason', 'comment'].includes(name),
        ),
      );
    for (const kind of HISTORY_KINDS)
      expect(HISTORY_VALUES[kind].safeParse(stored(SAMPLE_VALUES[kind])).success).toBe(true);
    // A name slipped into the values is refused.
    expect(
      HISTORY_VALUES['stage.reminded'].safeParse({
        stage: 'review',
        due: '2026-12-01 17:00',
        role: 'convenor',
        userId: 4,
        name: 'Anita',
      }).success,
    ).toBe(false);
  });
});

describe('transferPlaces: how a transfer names the places it moved a ticket between', () => {
  const pune = { city: 'Pune', cityId: 1 };
  it('the committees within one city, the cities for one committee, else both', () => {
    expect(
      transferPlaces(
        { ...pune, committee: 'Legal', committeeId: 3 },
        { ...pune, committee: 'Housing', committeeId: 4 },
      ),
    ).toEqual({ from: 'Legal', to: 'Housing' });
    expect(
      transferPlaces(
        { ...pune, committee: 'Legal', committeeId: 3 },
        { city: 'Mumbai', cityId: 2, committee: 'Legal', committeeId: 3 },
      ),
    ).toEqual({ from: 'Pune', to: 'Mumbai' });
    expect(
      transferPlaces(
        { ...pune, committee: null, committeeId: null },
        { city: 'Mumbai', cityId: 2, committee: 'Legal', committeeId: 3 },
      ),
    ).toEqual({ from: 'Pune ()', to: 'Mumbai (Legal)' });
  });

  it('renders in English what the api answers as `text`', () => {
    expect(
      englishHistoryText({
        kind: 'ticket.transferred',
        values: { from: 'Pune', to: 'Mumbai', reason: 'Wrong city' },
        text: 'Wrong city',
      }),
    ).toBe('Transferred from Pune to Mumbai: Wrong city');
    expect(englishHistoryText({ kind: 'case.closed', values: { cause: 'noAppeal' }, text: '' })).toBe(
      'Case closed: no appeal within 0 days',
    );
    expect(englishHistoryText({ kind: 'member.rated', values: { stars: '5' }, text: 'kept' })).toBe('kept');
    expect(englishHistoryText({ kind: 'stage.interim_reply', values: null, text: 'Soon' })).toBe('Soon');
  });
});
