import { useQuery } from '@tanstack/react-query';
import { type AuditQuery, auditQuery } from 'shared-contracts';

/** One page of the audit trail with the filters (ADR 0012: cached under `auditKeys`). */
export function useAuditTrail(query: AuditQuery) {
  return useQuery(auditQuery(query));
}
