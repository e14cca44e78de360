/** wouter imports `use-sync-external-store/shim` for Reacts before 18; ours has the hook (aliased in vite.config.ts). */
export { useSyncExternalStore } from 'react';
