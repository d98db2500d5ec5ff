export * from './historyEvents';
export * from './roles';
export * from './transitions';
