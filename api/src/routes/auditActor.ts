/**
 * Who a request is, as the audit trail records it (ADR 0031): the signed-in user (with the key
 * `api_token:<id>` when a tickets:write token acts for them, ADR 0079), or the private link's key
 * that let the viewer in (named by linkKeys.ts `linkKeyId`, never the key itself), and the client's
 * address (request.ip: X-Forwarded-For only from TRUST_PROXY, ADR 0020).
 */
import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../services/audit';
import type { GrantedAccess } from '../services/tickets/accessReads';
import { linkKeyId } from '../services/tickets/linkKeys';

const viaUserOrNone = (access?: GrantedAccess) => !access || access.via === 'user';

export function auditActorOf(request: FastifyRequest, access?: GrantedAccess): AuditActor {
  const user = request.currentUser;
  let key: string | null = null;
  if (access?.keyHash && access.via === 'share') key = linkKeyId('share', access.ticketId, access.keyHash);
  if (access?.keyHash && access.via === 'member') key = linkKeyId('member', access.memberId, access.keyHash);
  // An outcome key has no stored hash: its ticket and expiry name it (never its MAC).
  if (access?.via === 'outcome') key = `outcome:${access.ticketId}:${access.outcomeExpiresAt ?? ''}`;
  // A tickets:write token's step is its user's, and the token that took it is named (ADR 0079).
  if (request.apiToken && viaUserOrNone(access)) key = `api_token:${request.apiToken.id}`;
  const viaUser = user && viaUserOrNone(access);
  return {
    userId: viaUser ? user.id : null,
    role: viaUser ? user.role : null,
    key,
    address: request.ip ?? null,
  };
}
