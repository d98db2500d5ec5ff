/**
 * The SMS and WhatsApp templates (ADR 0060): one per event a member receives, each with its words in
 * English, Hindi and Marathi numbering exactly the values the api sends ({{1}}…), so what an
 * operator registers with the gateway and Meta matches what is sent; the provider template of a
 * language is chosen before the event's own.
 */
import { catalogues, translate } from '../src/i18n';
import { PHONE_TEMPLATE_VALUES, providerTemplateFor } from '../src/services/outbox/channels/phone';

const MEMBER_EVENTS = [
  'ticketSubmittedMember',
  'ticketStatusChanged',
  'ticketRepliedMember',
  'interimReplyMember',
  'ratingRequested',
  'appealDecidedMember',
  'ticketTransferredMember',
] as const;

describe('phone templates', () => {
  it('has a template for every event a member receives, in every language, numbering its values', () => {
    expect(Object.keys(PHONE_TEMPLATE_VALUES).sort()).toEqual([...MEMBER_EVENTS].sort());
    for (const template of MEMBER_EVENTS) {
      const values = PHONE_TEMPLATE_VALUES[template] ?? [];
      const filled = Object.fromEntries(values.map((_, index) => [String(index + 1), `<${index + 1}>`]));
      for (const locale of Object.keys(catalogues)) {
        const text = translate(locale, `phone.${template}`, filled);
        for (const [index] of values.entries()) expect(text).toContain(`<${index + 1}>`);
        expect(text).not.toMatch(/\{\{/);
        expect(text).toContain('STOP');
        if (locale !== 'en') expect(text).toMatch(/[\u0900-\u097F]/);
      }
    }
    for (const outcome of ['upheld', 'remanded', 'dismissed'])
      for (const locale of ['en', 'hi', 'mr'])
        expect(translate(locale, `phone.appealOutcome.${outcome}`)).not.toBe('');
  });

  it("chooses the provider template of the member's language, else the event's", () => {
    const templates = { ticketStatusChanged: 'en-id', 'ticketStatusChanged.mr': 'mr-id' };
    expect(providerTemplateFor(templates, 'ticketStatusChanged', 'mr')).toBe('mr-id');
    expect(providerTemplateFor(templates, 'ticketStatusChanged', 'hi')).toBe('en-id');
    expect(providerTemplateFor(templates, 'ticketRepliedMember', 'mr')).toBeUndefined();
  });
});
