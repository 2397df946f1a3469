export * from './api';
export * from './catalogue';
export * from './catalogue-writes';
export * from './fields';
export * from './newsletter';
