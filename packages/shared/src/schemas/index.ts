export * from './common';
export * from './auth';
export * from './kyc';
export * from './contact';
export * from './money';
export * from './invest';
export * from './admin';
export * from './chain';
