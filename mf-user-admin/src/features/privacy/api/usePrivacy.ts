import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiError,
  answerPrivacyRequest,
  type Breach,
  type BreachBody,
  breachesQuery,
  type NoticeLanguage,
  type PrivacyRequest,
  type PublishNoticeBody,
  privacyKeys,
  privacyNoticeQuery,
  privacyRequestsQuery,
  publishPrivacyNotice,
  recordBreach,
  type SendBreachBody,
  sendBreach,
} from 'shared-contracts';

/** GET /privacy/requests: open ones by due date, or all (asked again when the screen opens). */
export function usePrivacyRequests(state: 'open' | 'all') {
  return useQuery({ ...privacyRequestsQuery(state), staleTime: 0 });
}

/** Execute or decline a request; the lists are asked again. */
export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation<
    PrivacyRequest,
    ApiError,
    { id: number; answer: { decline: false } | { decline: true; reason: string } }
  >({
    mutationFn: ({ id, answer }) => answerPrivacyRequest(id, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}

/** The current notice in a language (the publish form starts from it). */
export function useNotice(lang: NoticeLanguage) {
  return useQuery({ ...privacyNoticeQuery(lang), staleTime: 0 });
}

export function usePublishNotice() {
  const queryClient = useQueryClient();
  return useMutation<{ version: number }, ApiError, PublishNoticeBody>({
    mutationFn: (body) => publishPrivacyNotice(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}

export function useBreaches() {
  return useQuery({ ...breachesQuery(), staleTime: 0 });
}

export function useRecordBreach() {
  const queryClient = useQueryClient();
  return useMutation<Breach, ApiError, BreachBody>({
    mutationFn: (body) => recordBreach(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKeys.breaches() }),
  });
}

export function useSendBreach() {
  const queryClient = useQueryClient();
  return useMutation<Breach, ApiError, { id: number; body: SendBreachBody }>({
    mutationFn: ({ id, body }) => sendBreach(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKeys.breaches() }),
  });
}
