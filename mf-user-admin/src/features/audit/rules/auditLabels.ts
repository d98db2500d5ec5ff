import type { AuditAction, AuditEntry, AuditFilter } from 'shared-contracts';

/** The catalogue key of each recorded action's name. */
export const ACTION_KEYS: Record<AuditAction, string> = {
  'user.mfa_reset': 'audit.action.userMfaReset',
  'user.sessions_end': 'audit.action.userSessionsEnd',
  'ticket.read': 'audit.action.ticketRead',
  'member.read': 'audit.action.memberRead',
  'file.download': 'audit.action.fileDownload',
  'ticket.action': 'audit.action.ticketAction',
  'ticket.reply': 'audit.action.ticketReply',
  'user.create': 'audit.action.userCreate',
  'user.update': 'audit.action.userUpdate',
  'share_key.rotate': 'audit.action.shareKeyRotate',
  'member_key.rotate': 'audit.action.memberKeyRotate',
  'member.erase': 'audit.action.memberErase',
  'ticket.recused': 'audit.action.ticketRecused',
  'ticket.unmask': 'audit.action.ticketUnmask',
  'interests.update': 'audit.action.interestsUpdate',
  'api_token.use': 'audit.action.apiTokenUse',
  'api_token.create': 'audit.action.apiTokenCreate',
  'api_token.revoke': 'audit.action.apiTokenRevoke',
  'webhook.create': 'audit.action.webhookCreate',
  'webhook.delete': 'audit.action.webhookDelete',
};

/** The id of the API token a key names (`api_token:{id}`, ADR 0063), else undefined. */
export function apiTokenIdOf(key: string | null): string | undefined {
  return key?.match(/^api_token:(\d+)$/)?.[1];
}

/** What the filter form holds: text as typed (an empty field filters nothing). */
export interface AuditFilterForm {
  actor: string;
  action: string;
  ticket: string;
  user: string;
  from: string;
  to: string;
}

export const EMPTY_FILTER: AuditFilterForm = {
  actor: '',
  action: '',
  ticket: '',
  user: '',
  from: '',
  to: '',
};

/** An id as typed: `41`, `#41` or a ticket's displayed form `CREDAI-41`. */
const asId = (text: string) => {
  const digits = /^(?:#?[A-Za-z]+-)?#?(\d{1,10})$/.exec(text.trim())?.[1];
  const value = Number(digits);
  return digits && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647 ? value : undefined;
};

/** The form as the call's filter: ids as numbers, days as they are, empty fields left out. */
export function filterOf(form: AuditFilterForm): AuditFilter {
  const filter: AuditFilter = {
    actor: asId(form.actor),
    action: (form.action || undefined) as AuditAction | undefined,
    ticket: asId(form.ticket),
    user: asId(form.user),
    from: form.from || undefined,
    to: form.to || undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as AuditFilter;
}

/** A short readable form of an entry's detail (a JSON object of names, never secrets). */
export function detailText(entry: Pick<AuditEntry, 'detail'>): string {
  if (!entry.detail) return '';
  try {
    const detail = JSON.parse(entry.detail) as Record<string, unknown>;
    return Object.entries(detail)
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
      .join('; ');
  } catch {
    return entry.detail;
  }
}
