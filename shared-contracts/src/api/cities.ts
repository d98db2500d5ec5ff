/** docs/product.md#calls Cities calls. */
import { queryOptions } from '@tanstack/react-query';
import {
  type AssignCommitteeResponse,
  assignCommitteeResponseSchema,
  type CitiesResponse,
  type CityCreate,
  type CityResponse,
  citiesResponseSchema,
  cityResponseSchema,
} from '../schemas/cities';
import { API_PATHS, pathFor } from './paths';
import { type CallOptions, request } from './request';

/** The query keys of the cities calls (ADR 0012). */
export const cityKeys = {
  all: ['cities'] as const,
  list: () => [...cityKeys.all, 'list'] as const,
};

/** The cached GET /cities/getAllCities: the submit form, the chart and the user form read it. */
export const citiesQuery = () =>
  queryOptions({ queryKey: cityKeys.list(), queryFn: ({ signal }) => listCities({ signal }) });

/** GET /cities/getAllCities. */
export function listCities(options: CallOptions = {}): Promise<CitiesResponse> {
  return request('get', API_PATHS.cities.list, citiesResponseSchema, options);
}

/** POST /cities. */
export function createCity(body: CityCreate, options: CallOptions = {}): Promise<CityResponse> {
  return request('post', API_PATHS.cities.create, cityResponseSchema, { ...options, json: body });
}

/** POST /cities/committee/{cityId}/assign: gives the city a committee. */
export function assignCommittee(
  cityId: number,
  committeeId: number,
  options: CallOptions = {},
): Promise<AssignCommitteeResponse> {
  return request(
    'post',
    pathFor(API_PATHS.cities.assignCommittee, { id: cityId }),
    assignCommitteeResponseSchema,
    {
      ...options,
      json: { committeeId },
    },
  );
}

/** PUT /cities/{id}/convenor with convenorId. */
export function setCityConvenor(
  cityId: number,
  convenorId: number,
  options: CallOptions = {},
): Promise<CityResponse> {
  return request('put', pathFor(API_PATHS.cities.convenor, { id: cityId }), cityResponseSchema, {
    ...options,
    json: { convenorId },
  });
}
