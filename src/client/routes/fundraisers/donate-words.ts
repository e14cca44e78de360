/** A fundraiser's donate page's words, shared by the page and the head the server renders for it. */
import type { PublicFundraiser } from '#shared/schemas/public-fundraisers.ts';

/**
 * The page's heading: a sentence about her, never her title pasted into one ("Support Help Maya get ..."). The
 * title, whatever words she chose, is shown as itself beneath it.
 */
export const donateHeading = (f: PublicFundraiser) => `Support ${f.organiserName}’s fundraiser`;

/** The page's title in the browser and in search results: the heading, then the fundraiser's own title. */
export const donatePageTitle = (f: PublicFundraiser, productName: string) =>
  `${donateHeading(f)}: ${f.title} | ${productName}`;
