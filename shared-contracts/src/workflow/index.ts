export * from './chain';
export * from './historyEvents';
export * from './roles';
export * from './transitions';
