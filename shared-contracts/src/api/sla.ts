/**
 * Time on a ticket (docs/architecture.md#time-and-service-levels): chapter calendars, the SLA
 * settings, a ticket's stages and interim reply, and the caller's absence.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  type AbsenceRequest,
  type AbsenceResponse,
  absenceResponseSchema,
  type ChapterCalendar,
  type ChapterCalendarResponse,
  type ChapterSlaResponse,
  chapterCalendarResponseSchema,
  chapterSlaResponseSchema,
  type InterimReply,
  type InterimReplyResponse,
  interimReplyResponseSchema,
  type SlaDefaultsResponse,
  type SlaOverrides,
  type SlaSettings,
  type StandInsResponse,
  slaDefaultsResponseSchema,
  standInsResponseSchema,
  type TicketStagesResponse,
  ticketStagesResponseSchema,
} from '../schemas/sla';
import { API_PATHS, pathFor } from './paths';
import { type CallOptions, request } from './request';
import { ticketKeys } from './tickets';

/**
 * The query keys of these calls (ADR 0012). A ticket's stages live under its detail key, so an
 * action's invalidation of the ticket refreshes its chain too.
 */
export const slaKeys = {
  all: ['sla'] as const,
  defaults: () => [...slaKeys.all, 'defaults'] as const,
  chapter: (cityId: number) => [...slaKeys.all, 'chapter', cityId] as const,
  calendar: (cityId: number) => [...slaKeys.all, 'calendar', cityId] as const,
  stages: (ticketId: number) => [...ticketKeys.detail(ticketId), 'stages'] as const,
  absence: () => [...slaKeys.all, 'absence'] as const,
  standIns: () => [...slaKeys.all, 'stand-ins'] as const,
};

/** The cached GET /cities/{id}/calendar. */
export const chapterCalendarQuery = (cityId: number) =>
  queryOptions({
    queryKey: slaKeys.calendar(cityId),
    queryFn: ({ signal }) => getChapterCalendar(cityId, { signal }),
  });

/** The cached GET /sla. */
export const slaDefaultsQuery = () =>
  queryOptions({ queryKey: slaKeys.defaults(), queryFn: ({ signal }) => getSlaDefaults({ signal }) });

/** The cached GET /cities/{id}/sla. */
export const chapterSlaQuery = (cityId: number) =>
  queryOptions({
    queryKey: slaKeys.chapter(cityId),
    queryFn: ({ signal }) => getChapterSla(cityId, { signal }),
  });

/** The cached GET /tickets/{id}/stages, with the share key when the page has one. */
export const ticketStagesQuery = (ticketId: number, accessKey: string | null = null) =>
  queryOptions({
    queryKey: [...slaKeys.stages(ticketId), accessKey] as const,
    queryFn: ({ signal }) => getTicketStages(ticketId, { accessKey, signal }),
  });

/** The cached GET /users/me/absence. */
export const absenceQuery = () =>
  queryOptions({ queryKey: slaKeys.absence(), queryFn: ({ signal }) => getMyAbsence({ signal }) });

/** The cached GET /users/me/stand-ins. */
export const standInsQuery = () =>
  queryOptions({ queryKey: slaKeys.standIns(), queryFn: ({ signal }) => listMyStandIns({ signal }) });

/** GET /cities/{id}/calendar: the chapter's calendar (the default one until an admin sets it). */
export function getChapterCalendar(
  cityId: number,
  options: CallOptions = {},
): Promise<ChapterCalendarResponse> {
  return request(
    'get',
    pathFor(API_PATHS.cities.calendar, { id: cityId }),
    chapterCalendarResponseSchema,
    options,
  );
}

/** PUT /cities/{id}/calendar (admin). */
export function putChapterCalendar(
  cityId: number,
  calendar: ChapterCalendar,
  options: CallOptions = {},
): Promise<ChapterCalendarResponse> {
  return request('put', pathFor(API_PATHS.cities.calendar, { id: cityId }), chapterCalendarResponseSchema, {
    ...options,
    json: calendar,
  });
}

/** GET /sla: the association's defaults. */
export function getSlaDefaults(options: CallOptions = {}): Promise<SlaDefaultsResponse> {
  return request('get', API_PATHS.sla.defaults, slaDefaultsResponseSchema, options);
}

/** PUT /sla (admin). */
export function putSlaDefaults(sla: SlaSettings, options: CallOptions = {}): Promise<SlaDefaultsResponse> {
  return request('put', API_PATHS.sla.defaults, slaDefaultsResponseSchema, { ...options, json: sla });
}

/** GET /cities/{id}/sla: the chapter's overrides and the settings that apply. */
export function getChapterSla(cityId: number, options: CallOptions = {}): Promise<ChapterSlaResponse> {
  return request('get', pathFor(API_PATHS.cities.sla, { id: cityId }), chapterSlaResponseSchema, options);
}

/** PUT /cities/{id}/sla (admin): null fields use the defaults. */
export function putChapterSla(
  cityId: number,
  overrides: SlaOverrides,
  options: CallOptions = {},
): Promise<ChapterSlaResponse> {
  return request('put', pathFor(API_PATHS.cities.sla, { id: cityId }), chapterSlaResponseSchema, {
    ...options,
    json: overrides,
  });
}

/** GET /tickets/{id}/stages: the chain (staff; with the share key, the member's view). */
export function getTicketStages(ticketId: number, options: CallOptions = {}): Promise<TicketStagesResponse> {
  return request(
    'get',
    pathFor(API_PATHS.tickets.stages, { id: ticketId }),
    ticketStagesResponseSchema,
    options,
  );
}

/** POST /tickets/{id}/interim-reply: the holder's reason and new expected date (422 past the chapter's limits). */
export function postInterimReply(
  ticketId: number,
  body: InterimReply,
  options: CallOptions = {},
): Promise<InterimReplyResponse> {
  return request(
    'post',
    pathFor(API_PATHS.tickets.interimReply, { id: ticketId }),
    interimReplyResponseSchema,
    {
      ...options,
      json: body,
    },
  );
}

/** GET /users/me/absence: the caller's absence, or null. */
export function getMyAbsence(options: CallOptions = {}): Promise<AbsenceResponse> {
  return request('get', API_PATHS.users.myAbsence, absenceResponseSchema, options);
}

/** POST /users/me/absence: sets (or replaces) the caller's absence. */
export function setMyAbsence(body: AbsenceRequest, options: CallOptions = {}): Promise<AbsenceResponse> {
  return request('post', API_PATHS.users.myAbsence, absenceResponseSchema, { ...options, json: body });
}

/** DELETE /users/me/absence: ends it (the answer's absence is null). */
export function clearMyAbsence(options: CallOptions = {}): Promise<AbsenceResponse> {
  return request('delete', API_PATHS.users.myAbsence, absenceResponseSchema, options);
}

/** GET /users/me/stand-ins: who the caller may name as stand-in. */
export function listMyStandIns(options: CallOptions = {}): Promise<StandInsResponse> {
  return request('get', API_PATHS.users.myStandIns, standInsResponseSchema, options);
}
