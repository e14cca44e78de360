export * from './campaigns.ts';
export * from './platform.ts';
export * from './accounts.ts';
