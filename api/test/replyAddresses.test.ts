/**
 * The reply address of a ticket and what an email to it is (ADR 0059), without a mailbox: the signed
 * tag round-trips and refuses a forged MAC, another ticket's MAC, another domain and the bare
 * mailbox; the member's words keep what they wrote above the quote and the signature; the settings
 * refuse a mailbox without its address.
 */
import { type ParsedMail, simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { loadConfig } from '../src/config';
import { classifyMail, messageKeyOf, replyWords } from '../src/services/mail/inboundMail';
import { ReplyAddresses } from '../src/services/mail/replyAddresses';

// email-reply-parser is ESM only: the copy the api tests' environment loaded (support/testApp.ts).
jest.mock(
  'email-reply-parser',
  () =>
    (globalThis as { __loadedOutsideSandbox?: Record<string, unknown> }).__loadedOutsideSandbox?.[
      'email-reply-parser'
    ],
);

const addresses = new ReplyAddresses(
  'a-secret-of-at-least-thirty-two-bytes!!',
  'Help Desk <Help@Example.org>',
);

async function parsed(headers: Record<string, string>, to: string, text = 'Thank you.'): Promise<ParsedMail> {
  const raw = await new MailComposer({ from: 'ravi@example.com', to, subject: 'Re: ticket', text, headers })
    .compile()
    .build();
  return simpleParser(raw);
}

describe('reply addresses', () => {
  it('tags a ticket and reads the tag back, whatever the case', () => {
    const address = addresses.forTicket(42);
    expect(address).toMatch(/^help\+t42-[0-9a-f]{20}@example\.org$/);
    const tag = addresses.tagOf(`Help Desk <${address.toUpperCase()}>`);
    expect(tag).toEqual({ ticketId: 42, mac: address.slice(9, 29) });
    expect(tag && addresses.verify(tag)).toBe(true);
    expect(addresses.isOurs('help@example.org')).toBe(true);
    expect(addresses.isOurs(address)).toBe(true);
  });

  it('refuses a forged MAC, the MAC of another ticket, another domain and no tag', () => {
    const other = addresses.forTicket(43);
    const mac = other.slice(9, 29);
    expect(addresses.verify({ ticketId: 42, mac })).toBe(false);
    expect(addresses.verify({ ticketId: 42, mac: '0'.repeat(20) })).toBe(false);
    expect(addresses.verify({ ticketId: 42, mac: mac.slice(0, 10) })).toBe(false);
    expect(addresses.tagOf(other.replace('example.org', 'example.com'))).toBeUndefined();
    expect(addresses.tagOf('help@example.org')).toBeUndefined();
    expect(addresses.tagOf('help+x42-abc@example.org')).toBeUndefined();
    expect(addresses.tagOf('help+t99999999999-abc@example.org')).toBeUndefined();
    expect(addresses.isOurs('ravi@example.com')).toBe(false);
  });

  it("keeps the member's words above the quoted mail and the signature", () => {
    expect(
      replyWords(
        'Yes, flat 302.\r\n\r\n-- \r\nRavi Kumar\r\nSent from my phone\r\n\r\nOn Mon, 23 Nov 2026 at 10:00, Help Desk <help@example.org> wrote:\r\n> Which flat?\r\n',
      ),
    ).toBe('Yes, flat 302.');
    expect(replyWords('हाँ, फ्लैट 302।\n\n> कौन सा फ्लैट?\n')).toBe('हाँ, फ्लैट 302।');
    expect(replyWords('x'.repeat(2100))).toHaveLength(2000);
  });

  it('tells a reply from a mail without a tag or without words, and keys a mail by its Message-ID', async () => {
    const reply = await parsed({}, addresses.forTicket(7));
    expect(classifyMail(reply, addresses, 'desk@example.org')).toMatchObject({
      kind: 'reply',
      text: 'Thank you.',
    });
    const untagged = await parsed({}, 'help@example.org');
    expect(classifyMail(untagged, addresses, 'desk@example.org')).toEqual({
      kind: 'refused',
      outcome: 'no-tag',
    });
    const empty = await parsed({}, addresses.forTicket(7), '> only the quote\n');
    expect(classifyMail(empty, addresses, 'desk@example.org')).toEqual({
      kind: 'refused',
      outcome: 'empty',
      ticketId: 7,
    });
    const vacation = await parsed({ 'X-Autoreply': 'yes' }, addresses.forTicket(7));
    expect(classifyMail(vacation, addresses, 'desk@example.org')).toMatchObject({ outcome: 'auto-reply' });
    expect(messageKeyOf('<a@b>', Buffer.from('x'))).toBe(messageKeyOf(' <a@b> ', Buffer.from('y')));
    expect(messageKeyOf(undefined, Buffer.from('x'))).not.toBe(messageKeyOf(undefined, Buffer.from('y')));
  });

  it('refuses a mailbox without the address it receives', () => {
    expect(() => loadConfig({ IMAP_URL: 'imap://u:p@localhost/INBOX' })).toThrow(
      /IMAP_URL: needs REPLY_ADDRESS/,
    );
    expect(() => loadConfig({ REPLY_ADDRESS: 'help+x@example.org' })).toThrow(/REPLY_ADDRESS/);
    const config = loadConfig({
      IMAP_URL: 'imaps://u:p@mail.example.org/INBOX',
      REPLY_ADDRESS: 'help@example.org',
    });
    expect(config.imap).toEqual({
      url: 'imaps://u:p@mail.example.org/INBOX',
      processedFolder: 'Processed',
      pollMs: 60_000,
    });
  });
});
