export * from './historyText';
export * from './roles';
export * from './transitions';
