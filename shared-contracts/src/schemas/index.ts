export * from './auth';
export * from './cities';
export * from './committees';
export * from './common';
export * from './conversation';
export * from './role';
export * from './tickets';
export * from './users';
