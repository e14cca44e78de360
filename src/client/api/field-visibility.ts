/** Who sees each of her health answers (decision 020): her settings in Account Settings, and a member's page. */
import * as visibility from '#shared/contract/field-visibility.ts';
import type { SetFieldVisibilityInput } from '#shared/schemas/field-visibility.ts';
import { call, queryOf } from '#client/lib/api.ts';
import { pageQueryOf } from '#client/lib/page-query.ts';

export const fieldVisibilityQuery = () => queryOf(visibility.fieldVisibility);
/** Widening needs her consent to sharing: without it the server refuses with the reason on `visibility`. */
export const setFieldVisibility = (body: SetFieldVisibilityInput) => call(visibility.setFieldVisibility, { body });
/** GET /api/members/:id: what this reader may see of her (null when there is no such member). */
export const memberQuery = (id: string) => pageQueryOf(visibility.memberPage, { params: { id } });
