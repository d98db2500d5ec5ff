/**
 * The audit trail (admins) and the rotation of the private links' keys (staff): docs/security.md
 * "Links" and "Audit trail".
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type AuditFilter,
  type AuditListResponse,
  type AuditQuery,
  auditListResponseSchema,
  type MemberKeyRotation,
  memberKeyRotationSchema,
  type ShareKeyRotation,
  shareKeyRotationSchema,
} from '../schemas/audit';
import { asApiError } from './errors';
import { http } from './http';
import { API_PATHS, pathFor } from './paths';
import { type CallOptions, request, toSearchParams } from './request';

/** The query keys of the trail (ADR 0012): a rotation invalidates `auditKeys.all`. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditQuery = {}) => [...auditKeys.all, 'list', query] as const,
};

/** The cached GET /audit of one page (the previous page stays shown while the next loads). */
export const auditQuery = (query: AuditQuery = {}) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => listAudit(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET /audit (admins): one page of the trail, newest first, with the filters. */
export function listAudit(query: AuditQuery = {}, options: CallOptions = {}): Promise<AuditListResponse> {
  return request('get', API_PATHS.audit.list, auditListResponseSchema, {
    ...options,
    searchParams: toSearchParams(query),
  });
}

/** GET /audit/export.csv (admins): every entry matching the filters as CSV (UTF-8 with a BOM). */
export async function exportAuditCsv(filter: AuditFilter = {}, options: CallOptions = {}): Promise<Blob> {
  try {
    const response = await http(API_PATHS.audit.export, {
      method: 'get',
      searchParams: toSearchParams(filter),
      signal: options.signal,
    });
    return await response.blob();
  } catch (error) {
    throw asApiError(error);
  }
}

/**
 * POST /tickets/{id}/share-key (staff who may see the ticket): a new share key; the old link
 * stops at once. Answers the new link and whether it was queued to the member.
 */
export function rotateShareKey(ticketId: number, options: CallOptions = {}): Promise<ShareKeyRotation> {
  return request(
    'post',
    pathFor(API_PATHS.tickets.shareKey, { id: ticketId }),
    shareKeyRotationSchema,
    options,
  );
}

/**
 * POST /members/{id}/key (staff who may see the member's tickets): a new member key; the old link
 * stops at once and the new one goes to the member by email only.
 */
export function rotateMemberKey(memberId: number, options: CallOptions = {}): Promise<MemberKeyRotation> {
  return request('post', pathFor(API_PATHS.members.key, { id: memberId }), memberKeyRotationSchema, options);
}
