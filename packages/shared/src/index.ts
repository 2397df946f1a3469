export * from './api';
export * from './catalogue';
export * from './fields';
export * from './newsletter';
