/**
 * The messages' texts (docs/architecture.md#conversation-and-notifications): each template is a
 * list of blocks read from the api's catalogue in the recipient's language and filled with the
 * row's parameters, then written as plain text and as HTML (every parameter escaped; links are
 * the only markup). Member links carry their key in the fragment; staff links open the ticket on
 * /dashboard?ticket={id} after sign-in.
 */
import { sitePaths } from 'shared-contracts/contracts';
import { translate } from '../../i18n';

export type Block =
  | { kind: 'text'; text: string }
  | { kind: 'quote'; text: string }
  | { kind: 'link'; label: string; url: string };

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  /** Whether the recipient is a member (gets List-Unsubscribe) rather than staff. */
  toMember: boolean;
}

/** The templates an outbox row may name, and whether each goes to a member. */
export const TEMPLATES = {
  ticketSubmittedMember: { toMember: true },
  ticketSubmittedStaff: { toMember: false },
  ticketStatusChanged: { toMember: true },
  ticketHandedOff: { toMember: false },
  ticketRepliedMember: { toMember: true },
  ticketRepliedStaff: { toMember: false },
  memberLink: { toMember: true },
  shareLinkRotated: { toMember: true },
  memberLinkRotated: { toMember: true },
  stageReminder: { toMember: false },
  stageEscalated: { toMember: false },
  interimReplyMember: { toMember: true },
  reportMonthly: { toMember: false },
  ratingRequested: { toMember: true },
  appealFiledStaff: { toMember: false },
  appealDecidedMember: { toMember: true },
  appealRemandedStaff: { toMember: false },
  ticketReopenedStaff: { toMember: false },
  ticketTransferredMember: { toMember: true },
  ticketTransferredStaff: { toMember: false },
  privacyRequestAnswered: { toMember: true },
  retentionNotice: { toMember: true },
  breachNoticeMember: { toMember: true },
  breachReportBoard: { toMember: false },
} as const;
export type TemplateName = keyof typeof TEMPLATES;

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(TEMPLATES, name);
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** A path of the site as an absolute URL under `publicUrl` (the fragment kept as it is). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

function blocksOf(
  template: TemplateName,
  locale: string,
  params: Record<string, unknown>,
  publicUrl: string,
): Block[] {
  const t = (key: string, extra: Record<string, unknown> = {}) =>
    translate(locale, `email.${template}.${key}`, { ...params, ...extra });
  /** A text shown with a number: its plural form is chosen by the parameter `by` (i18next's `count`). */
  const counted = (key: string, by: string) => t(key, { count: Number(params[by]) });
  const link = (key: string, path: string): Block => ({
    kind: 'link',
    label: t(key),
    url: absoluteUrl(publicUrl, path),
  });
  const ticketId = Number(params.ticketId);
  switch (template) {
    case 'ticketSubmittedMember': {
      const blocks: Block[] = [
        { kind: 'text', text: t('greeting') },
        { kind: 'text', text: t('body') },
      ];
      if (typeof params.shareUrl === 'string') blocks.push(link('shareLinkLabel', params.shareUrl));
      if (typeof params.memberUrl === 'string') blocks.push(link('memberLinkLabel', params.memberUrl));
      else {
        blocks.push({ kind: 'text', text: t('memberLinkAbsent') });
        blocks.push(link('trackLinkLabel', sitePaths.track));
      }
      blocks.push({ kind: 'text', text: t('keepPrivate') });
      return blocks;
    }
    case 'ticketSubmittedStaff':
      return [{ kind: 'text', text: t('body') }, link('dashboardLinkLabel', sitePaths.staffTicket(ticketId))];
    case 'ticketStatusChanged': {
      const blocks: Block[] = [
        { kind: 'text', text: t('greeting') },
        { kind: 'text', text: t('body') },
      ];
      if (typeof params.text === 'string' && params.text && params.status === 'rejected')
        blocks.push({ kind: 'text', text: t('reason') });
      if (typeof params.text === 'string' && params.text && params.status === 'resolved')
        blocks.push({ kind: 'text', text: t('resolution') });
      blocks.push({ kind: 'text', text: t('openWithLink') }, link('trackLinkLabel', sitePaths.track));
      return blocks;
    }
    case 'ticketHandedOff':
      return [{ kind: 'text', text: t('body') }, link('dashboardLinkLabel', sitePaths.staffTicket(ticketId))];
    case 'ticketRepliedMember':
      return [
        { kind: 'text', text: t('greeting') },
        { kind: 'text', text: t('body') },
        { kind: 'quote', text: String(params.text ?? '') },
        { kind: 'text', text: t('openWithLink') },
        link('trackLinkLabel', sitePaths.track),
      ];
    case 'ticketRepliedStaff':
      return [
        { kind: 'text', text: t('body') },
        { kind: 'quote', text: String(params.text ?? '') },
        link('dashboardLinkLabel', sitePaths.staffTicket(ticketId)),
      ];
    case 'shareLinkRotated':
      return [
        { kind: 'text', text: t('greeting') },
        { kind: 'text', text: t('body') },
        ...(typeof params.shareUrl === 'string' ? [link('shareLinkLabel', params.shareUrl)] : []),
        { kind: 'text', text: t('keepPrivate') },
      ];
    case 'memberLinkRotated':
      return [
        { kind: 'text', text: t('greeting') },
        { kind: 'text', text: t('body') },
        ...(typeof params.memberUrl === 'string' ? [link('memberLinkLabel', params.memberUrl)] : []),
        { kind: 'text', text: t('keepPrivate') },
      ];
    case 'stageReminder':
      return [{ kind: 'text', text: t('body') }, link('dashboardLinkLabel', sitePaths.staffTicket(ticketId))];
    case 'stageEscalated':
      return [
        { kind: 'text', text: t('body') },
        ...(params.actingFor ? [{ kind: 'text' as const, text: t('actingFor') }] : []),
        link('dashboardLinkLabel', sitePaths.staffTicket(ticketId)),
      ];
    case 'interimReplyMember':
      return [
        { kind: 'text', text: t('greeting') },
        { kind: 'text', text: t('body') },
        { kind: 'quote', text: String(params.reason ?? '') },
        { kind: 'text', text: t('openWithLink') },
        link('trackLinkLabel', sitePaths.track),
      ];
    case 'reportMonthly':
      return [
        { kind: 'text', text: t('greeting') },
        { kind: 'text', text: counted('body', 'received') },
        { kind: 'text', text: counted('backlog', 'backlog') },
        {
          kind: 'text',
          text:
            params.rank === null || params.rank === undefined ? t('notRanked') : counted('rank', 'chapters'),
        },
        link('reportsLinkLabel', sitePaths.reports),
      ];
    case 'ratingRequested': {
      // The ticket's outcome link (ADR 0042: signed, since its share key lives only as a hash), or
      // the member's private link, else the way to ask for one, as the status emails do.
      const opening =
        typeof params.outcomeUrl === 'string'
          ? [link('outcomeLinkLabel', params.outcomeUrl)]
          : typeof params.memberUrl === 'string'
            ? [link('memberLinkLabel', params.memberUrl)]
            : [{ kind: 'text' as const, text: t('openWithLink') }, link('trackLinkLabel', sitePaths.track)];
      return [
        { kind: 'text', text: t('greeting') },
        { kind: 'text', text: counted('body', 'days') },
        ...opening,
      ];
    }
    case 'appealFiledStaff':
      return [
        { kind: 'text', text: t('body') },
        { kind: 'quote', text: String(params.reason ?? '') },
        link('dashboardLinkLabel', sitePaths.staffTicket(ticketId)),
      ];
    case 'appealDecidedMember': {
      const outcome = ['upheld', 'remanded', 'dismissed'].includes(String(params.outcome))
        ? String(params.outcome)
        : 'dismissed';
      return [
        { kind: 'text', text: t('greeting') },
        { kind: 'text', text: t(outcome) },
        { kind: 'quote', text: String(params.reason ?? '') },
        { kind: 'text', text: t('openWithLink') },
        link('trackLinkLabel', sitePaths.track),
      ];
    }
    case 'appealRemandedStaff':
    case 'ticketReopenedStaff':
      return [
        { kind: 'text', text: t('body') },
        { kind: 'quote', text: String(params.quote ?? '') },
        link('dashboardLinkLabel', sitePaths.staffTicket(ticketId)),
      ];
    case 'ticketTransferredMember':
      return [
        { kind: 'text', text: t('greeting') },
        { kind: 'text', text: t('body') },
        { kind: 'text', text: t('openWithLink') },
        link('trackLinkLabel', sitePaths.track),
      ];
    case 'ticketTransferredStaff':
      return [{ kind: 'text', text: t('body') }, link('dashboardLinkLabel', sitePaths.staffTicket(ticketId))];
    case 'memberLink':
      return [
        { kind: 'text', text: t('greeting') },
        { kind: 'text', text: t('body') },
        ...(typeof params.memberUrl === 'string' ? [link('memberLinkLabel', params.memberUrl)] : []),
        { kind: 'text', text: t('keepPrivate') },
        { kind: 'text', text: t('notYou') },
      ];
    // ADR 0050: the outcome of a member's request about their data, and the retention's notice.
    case 'privacyRequestAnswered': {
      const outcome = String(params.outcome);
      const kind = String(params.kind);
      const blocks: Block[] = [{ kind: 'text', text: t('greeting') }];
      if (outcome === 'declined')
        blocks.push(
          { kind: 'text', text: t('declined') },
          { kind: 'quote', text: String(params.reason ?? '') },
        );
      else blocks.push({ kind: 'text', text: t(`${kind}-${outcome === 'waiting' ? 'waiting' : 'done'}`) });
      blocks.push({ kind: 'text', text: t('grievance') });
      return blocks;
    }
    case 'retentionNotice':
      return [
        { kind: 'text', text: t('greeting') },
        { kind: 'text', text: counted('body', 'years') },
        { kind: 'text', text: t('keep') },
      ];
    // ADR 0069: a breach's notice, as the admin reviewed it, and the report to the Board.
    case 'breachNoticeMember':
      return [
        { kind: 'text', text: t('greeting') },
        { kind: 'text', text: t('body') },
        { kind: 'quote', text: String(params.text ?? '') },
        { kind: 'text', text: t('grievance') },
      ];
    case 'breachReportBoard':
      return [
        { kind: 'text', text: t('body') },
        { kind: 'quote', text: String(params.text ?? '') },
      ];
  }
}

function textOf(blocks: Block[]): string {
  return blocks
    .map((block) => {
      if (block.kind === 'link') return `${block.label}:\n${block.url}`;
      if (block.kind === 'quote') return block.text.replace(/^/gm, '> ');
      return block.text;
    })
    .join('\n\n');
}

function htmlOf(blocks: Block[], lang: string): string {
  const body = blocks
    .map((block) => {
      if (block.kind === 'link')
        return `<p><a href="${escapeHtml(block.url)}">${escapeHtml(block.label)}</a></p>`;
      const paragraph = escapeHtml(block.text).replace(/\r?\n/g, '<br>');
      return block.kind === 'quote'
        ? `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px">${paragraph}</blockquote>`
        : `<p>${paragraph}</p>`;
    })
    .join('\n');
  return `<!doctype html>\n<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"></head><body>\n${body}\n</body></html>\n`;
}

/** `2026-11` as the locale names it: "November 2026", "नवंबर 2026", "नोव्हेंबर 2026". */
export function monthLabel(month: string, locale: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(`${locale}-IN`, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
}

/** The email of an outbox row's template in its locale. */
export function renderEmail(
  template: string,
  locale: string,
  params: Record<string, unknown>,
  publicUrl: string,
): EmailContent {
  if (!isTemplateName(template)) throw new Error(`Unknown message template: ${template}`);
  // The status as the catalogue names it, for `{{statusLabel}}` (the raw one decides the blocks).
  const filled = {
    ...params,
    statusLabel: params.status ? translate(locale, `status.${String(params.status)}`) : '',
    stageLabel: params.stage ? translate(locale, `stage.${String(params.stage)}`) : '',
    monthLabel: typeof params.month === 'string' ? monthLabel(params.month, locale) : '',
  };
  const blocks = blocksOf(template, locale, filled, publicUrl);
  const toMember = TEMPLATES[template].toMember;
  const signature: Block = { kind: 'text', text: translate(locale, 'email.signature') };
  const footer: Block[] = toMember
    ? [{ kind: 'text', text: translate(locale, 'email.unsubscribeNote') }]
    : [];
  const all = [...blocks, signature, ...footer];
  return {
    subject: translate(locale, `email.${template}.subject`, filled),
    text: `${textOf(all)}\n`,
    html: htmlOf(all, locale),
    toMember,
  };
}
