/**
 * Who a request is, as the audit trail records it (ADR 0031): the signed-in user, or the private
 * link's key that let the viewer in (named by linkKeys.ts `linkKeyId`, never the key itself), and
 * the client's address (request.ip: X-Forwarded-For only from TRUST_PROXY, ADR 0020).
 */
import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../services/audit';
import type { GrantedAccess } from '../services/tickets/accessReads';
import { linkKeyId } from '../services/tickets/linkKeys';

export function auditActorOf(request: FastifyRequest, access?: GrantedAccess): AuditActor {
  const user = request.currentUser;
  let key: string | null = null;
  if (access?.keyHash && access.via === 'share') key = linkKeyId('share', access.ticketId, access.keyHash);
  if (access?.keyHash && access.via === 'member') key = linkKeyId('member', access.memberId, access.keyHash);
  // An outcome key has no stored hash: its ticket and expiry name it (never its MAC).
  if (access?.via === 'outcome') key = `outcome:${access.ticketId}:${access.outcomeExpiresAt ?? ''}`;
  const viaUser = user && (!access || access.via === 'user');
  return {
    userId: viaUser ? user.id : null,
    role: viaUser ? user.role : null,
    key,
    address: request.ip ?? null,
  };
}
