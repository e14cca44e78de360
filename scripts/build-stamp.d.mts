/** Types of build-stamp.mjs (plain JavaScript, so `npm start` runs it without a TypeScript loader). */
export const ROOT: string;
export function currentStamp(root?: string): string;
export function writeStamp(root?: string): void;
export function isBuildCurrent(root?: string): boolean;
