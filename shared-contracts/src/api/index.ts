export * from './auth';
export * from './cities';
export * from './committees';
export * from './errors';
export { API_BASE, http, onUnauthorized } from './http';
export * from './paths';
export { accessKeyHeaders, type CallOptions, request as apiRequest, toSearchParams } from './request';
export * from './tickets';
export * from './users';
