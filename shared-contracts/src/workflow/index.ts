export * from './roles';
export * from './transitions';
