export * from './campaigns.ts';
export * from './platform.ts';
