/** Types of dev-webhook-secrets.mjs (plain JavaScript, so `npm start` runs it without a TypeScript loader). */
export type WebhookProcessor = 'stripe' | 'paypal' | 'buymeacoffee' | 'kofi';
export type DevSecretProcessor = 'stripe' | 'buymeacoffee' | 'kofi';
export type Env = Record<string, string | undefined>;
export const WEBHOOK_SECRET_VARIABLES: Record<WebhookProcessor, string>;
export const DEV_SECRET_PROCESSORS: readonly DevSecretProcessor[];
export function devSecretsPath(env?: Env): string;
export function readDevSecrets(env?: Env): Partial<Record<DevSecretProcessor, string>> | null;
export function ensureDevSecrets(env?: Env): Record<DevSecretProcessor, string>;
export function applyDevWebhookSecrets(env?: Env): DevSecretProcessor[];
