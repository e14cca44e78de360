/** What a viewer may do with a record, as its presenter tells the browser (src/server/policies). */
import { z } from 'zod';

/** An action she may take, or the words the server would refuse it with: the page shows them instead of a button. */
export const AbilitySchema = z.object({ allowed: z.boolean(), refusal: z.string().nullable() });
export type Ability = z.infer<typeof AbilitySchema>;
