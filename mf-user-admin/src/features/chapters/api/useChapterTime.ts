import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiError,
  type ChapterCalendar,
  type ChapterCalendarResponse,
  type ChapterSlaResponse,
  chapterCalendarQuery,
  chapterSlaQuery,
  putChapterCalendar,
  putChapterSla,
  putSlaDefaults,
  type SlaDefaultsResponse,
  type SlaOverrides,
  type SlaSettings,
  slaDefaultsQuery,
  slaKeys,
} from 'shared-contracts';

/** GET /sla: the association's SLA defaults. */
export function useSlaDefaults() {
  return useQuery({ ...slaDefaultsQuery(), staleTime: 0 });
}

/** GET /cities/{id}/calendar: the chapter's working calendar (the default one until set). */
export function useChapterCalendar(cityId: number) {
  return useQuery({ ...chapterCalendarQuery(cityId), staleTime: 0 });
}

/** GET /cities/{id}/sla: the chapter's overrides and what applies with them. */
export function useChapterSla(cityId: number) {
  return useQuery({ ...chapterSlaQuery(cityId), staleTime: 0 });
}

/**
 * PUT /sla. Every chapter's effective settings follow the defaults, so all SLA queries are
 * invalidated, not only the defaults.
 */
export function useSaveSlaDefaults() {
  const queryClient = useQueryClient();
  return useMutation<SlaDefaultsResponse, ApiError, SlaSettings>({
    mutationFn: (sla) => putSlaDefaults(sla),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slaKeys.all }),
  });
}

/** PUT /cities/{id}/calendar: the whole calendar, holidays included. */
export function useSaveChapterCalendar(cityId: number) {
  const queryClient = useQueryClient();
  return useMutation<ChapterCalendarResponse, ApiError, ChapterCalendar>({
    mutationFn: (calendar) => putChapterCalendar(cityId, calendar),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slaKeys.calendar(cityId) }),
  });
}

/** PUT /cities/{id}/sla: the chapter's overrides (null: the association's default). */
export function useSaveChapterSla(cityId: number) {
  const queryClient = useQueryClient();
  return useMutation<ChapterSlaResponse, ApiError, SlaOverrides>({
    mutationFn: (overrides) => putChapterSla(cityId, overrides),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: slaKeys.chapter(cityId) }),
  });
}
