/**
 * The personal data calls (ADR 0050, 0068, 0069): the privacy notice, the member's rights from
 * their private list link, and the admins' work on /privacy (requests, notices, breaches).
 */
import { queryOptions } from '@tanstack/react-query';
import {
  type Breach,
  type BreachBody,
  breachesResponseSchema,
  breachResponseSchema,
  type MemberExport,
  type MemberRequestBody,
  memberExportSchema,
  memberRequestResponseSchema,
  type NoticeLanguage,
  type PrivacyNotice,
  type PrivacyRequest,
  type PublishNoticeBody,
  privacyNoticeSchema,
  privacyRequestResponseSchema,
  privacyRequestsResponseSchema,
  publishNoticeResponseSchema,
  type SendBreachBody,
} from '../schemas/privacy';
import { API_PATHS, pathFor } from './paths';
import { type CallOptions, request } from './request';

/** The query keys of the personal data calls. */
export const privacyKeys = {
  all: ['privacy'] as const,
  notice: (lang: NoticeLanguage) => [...privacyKeys.all, 'notice', lang] as const,
  requests: (state: 'open' | 'all') => [...privacyKeys.all, 'requests', state] as const,
  breaches: () => [...privacyKeys.all, 'breaches'] as const,
};

/** GET /privacy/notice?lang=: the current notice with the grievance officer (public). */
export function getPrivacyNotice(lang: NoticeLanguage, options: CallOptions = {}): Promise<PrivacyNotice> {
  return request('get', API_PATHS.privacy.notice, privacyNoticeSchema, {
    ...options,
    searchParams: { lang },
  });
}

export const privacyNoticeQuery = (lang: NoticeLanguage) =>
  queryOptions({
    queryKey: privacyKeys.notice(lang),
    queryFn: ({ signal }) => getPrivacyNotice(lang, { signal }),
  });

/** POST /privacy/notices: the next version (admins). */
export function publishPrivacyNotice(body: PublishNoticeBody, options: CallOptions = {}) {
  return request('post', API_PATHS.privacy.notices, publishNoticeResponseSchema, { ...options, json: body });
}

/** GET /members/{id}/export with the member's list key: everything kept about them. */
export function exportMemberData(memberId: number, options: CallOptions = {}): Promise<MemberExport> {
  return request('get', pathFor(API_PATHS.members.export, { id: memberId }), memberExportSchema, options);
}

/** POST /members/{id}/requests with the member's list key: a correction, erasure or withdrawal. */
export function fileMemberRequest(
  memberId: number,
  body: MemberRequestBody,
  options: CallOptions = {},
): Promise<PrivacyRequest> {
  return request('post', pathFor(API_PATHS.members.requests, { id: memberId }), memberRequestResponseSchema, {
    ...options,
    json: body,
  }).then((answer) => answer.request);
}

/** GET /privacy/requests (admins): open ones by due date, or all. */
export const privacyRequestsQuery = (state: 'open' | 'all') =>
  queryOptions({
    queryKey: privacyKeys.requests(state),
    queryFn: ({ signal }) =>
      request('get', API_PATHS.privacy.requests, privacyRequestsResponseSchema, {
        signal,
        searchParams: { state },
      }),
  });

/** POST /privacy/requests/{id}/execute or /decline (admins). */
export function answerPrivacyRequest(
  id: number,
  answer: { decline: false } | { decline: true; reason: string },
  options: CallOptions = {},
): Promise<PrivacyRequest> {
  const path = pathFor(answer.decline ? API_PATHS.privacy.decline : API_PATHS.privacy.execute, { id });
  return request('post', path, privacyRequestResponseSchema, {
    ...options,
    ...(answer.decline ? { json: { reason: answer.reason } } : {}),
  }).then((result) => result.request);
}

/** GET /privacy/breaches (admins). */
export const breachesQuery = () =>
  queryOptions({
    queryKey: privacyKeys.breaches(),
    queryFn: ({ signal }) =>
      request('get', API_PATHS.privacy.breaches, breachesResponseSchema, { signal }).then(
        (answer) => answer.breaches,
      ),
  });

/** POST /privacy/breaches (admins): records a breach and drafts its texts. */
export function recordBreach(body: BreachBody, options: CallOptions = {}): Promise<Breach> {
  return request('post', API_PATHS.privacy.breaches, breachResponseSchema, { ...options, json: body }).then(
    (answer) => answer.breach,
  );
}

/** POST /privacy/breaches/{id}/send (admins): the reviewed texts go out through the outbox. */
export function sendBreach(id: number, body: SendBreachBody, options: CallOptions = {}): Promise<Breach> {
  return request('post', pathFor(API_PATHS.privacy.breachSend, { id }), breachResponseSchema, {
    ...options,
    json: body,
  }).then((answer) => answer.breach);
}
