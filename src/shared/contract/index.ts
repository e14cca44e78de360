/**
 * Every endpoint of the API, by area: what the contract test walks (src/server/contract.test.ts). The server
 * registers each area's routes from its own file; the client imports the area it calls, never this index.
 */
import * as admin from './admin.ts';
import * as campaign from './campaign.ts';
import * as contact from './contact.ts';
import * as donations from './donations.ts';
import type { Endpoint } from './endpoint.ts';

export const CONTRACT: Record<string, Record<string, Endpoint>> = { admin, campaign, contact, donations };
