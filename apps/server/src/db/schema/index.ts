export * from './users';
export * from './sessions';
export * from './audit';
export * from './outbox';
export * from './settings';
export * from './kyc';
