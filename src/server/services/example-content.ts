/**
 * The seed's example details (src/shared/example-content.ts) as the server applies them: the checklist, and in
 * production the content the public pages, their data and the donor's mail show, with the examples left out.
 * The example is content/campaign.json as shipped, read once at start; a site's own content goes in through the
 * campaign editor.
 */
import { exampleDetails, isExampleAppeal, withoutExamples } from '#shared/example-content.ts';
import type { PlaceholderDetail } from '#shared/placeholders.ts';
import type { CampaignContent } from '#shared/schemas/campaign.ts';
import { readSeedContent } from '../db/seed.ts';
import type { WriteTo } from './mail-templates.ts';

export interface Examples {
  /** Every detail still an example: the dashboard's "Not ready to take gifts" checklist. */
  details(content: CampaignContent): PlaceholderDetail[];
  /** What a visitor or donor is shown: in production without its examples, elsewhere the content itself. */
  live(content: CampaignContent): CampaignContent;
  /** In production, whether the appeal's story is still the example (the pages then say so); false elsewhere. */
  appealIsExample(content: CampaignContent): boolean;
  /** Where a mail tells people to write: the support email, or the contact page while it is left out. */
  writeTo(content: CampaignContent): WriteTo;
}

export async function loadExamples({
  production,
  publicUrl,
}: {
  production: boolean;
  publicUrl: string;
}): Promise<Examples> {
  const example = await readSeedContent();
  // One content object is shown many times (every page render, every receipt): leave its examples out once.
  const liveOf = new WeakMap<CampaignContent, CampaignContent>();
  const live = (content: CampaignContent) => {
    if (!production) return content;
    let shown = liveOf.get(content);
    if (!shown) liveOf.set(content, (shown = withoutExamples(content, example)));
    return shown;
  };
  return {
    details: (content) => exampleDetails(content, example),
    live,
    appealIsExample: (content) => production && isExampleAppeal(content, example),
    writeTo: (content) => {
      const email = live(content).support.email;
      return email ? { email } : { contactPage: `${publicUrl}/contact` };
    },
  };
}
