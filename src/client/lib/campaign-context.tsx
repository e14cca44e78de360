/** The campaign content and the site's public URL, provided once at the root (inlined in the HTML). */
import { createContext, useContext, type ReactNode } from 'react';
import type { HiddenGivingOptions } from '#shared/placeholders.ts';
import type { CampaignContent } from '#shared/schemas/campaign.ts';

export interface SiteData {
  content: CampaignContent;
  /** Absolute origin such as https://example.org (the server's PUBLIC_URL), no trailing slash. */
  siteUrl: string;
  /** In production: the ways to give to leave out, their details still the seed's examples (src/shared/placeholders.ts). */
  hiddenGivingOptions?: HiddenGivingOptions;
  /** In production, while the appeal's story is still the seed's example: the pages say so (src/shared/example-content.ts). */
  exampleAppeal?: boolean;
}

const SiteContext = createContext<SiteData | null>(null);

export function SiteProvider({ site, children }: { site: SiteData; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite must be used inside SiteProvider');
  return site;
}

/** The seeded (or admin-edited) campaign content. */
export function useCampaign(): CampaignContent {
  return useSite().content;
}

/** Absolute URL of a site path, e.g. siteUrl('/donate'). */
export function useSiteUrl(): (path: string) => string {
  const { siteUrl } = useSite();
  return (path) => `${siteUrl}${path}`;
}
