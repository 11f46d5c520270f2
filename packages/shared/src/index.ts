export * from './money';
export * from './errors';
export * from './roles';
export * from './constants';
export * from './schemas/index';
export * from './addresses';
export * from './balance-series';
export * from './gating';
