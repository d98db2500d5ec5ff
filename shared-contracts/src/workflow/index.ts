export * from './transitions';
