/** The campaign's owner learns on /profile, before trying, that her account cannot be deleted while she owns it. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OWNER_CANNOT_DELETE_ACCOUNT } from '../../src/shared/account-messages.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { makeCampaignOwner } from '../factories/spending.ts';
import { browserSuite, expectNoAxeViolations, signUpThroughApi, visit } from './fixtures.ts';

const suite = browserSuite();

describe('deleting the account of the campaign owner', () => {
  it('shows the owner why she cannot delete her account and offers no delete button', async () => {
    const { page, context } = await suite.newPage();
    const person = await signUpThroughApi(context, { firstName: 'Maya', lastName: 'Owner' });
    const [row] = await suite.site.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, person.email));
    await makeCampaignOwner(suite.site.database.db, { invalidate: suite.site.refreshProgress }, row!.id);

    await visit(page, '/profile');
    const section = page.getByRole('region', { name: 'Delete my account' });
    await section.getByRole('note').waitFor();
    expect(await section.getByRole('note').innerText()).toBe(OWNER_CANNOT_DELETE_ACCOUNT);
    expect(await page.getByRole('button', { name: 'Delete my account…' }).count()).toBe(0);
    await expectNoAxeViolations(page);
  }, 60_000);
});
