export * from './campaigns.ts';
export * from './platform.ts';
export * from './accounts.ts';
export * from './community.ts';
export * from './uploads.ts';
export * from './spending.ts';
export * from './fundraisers.ts';
