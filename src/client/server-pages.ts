/**
 * The server-rendered pages (src/shared/routes.ts, render 'server'): the reads each one shows, which the server
 * answers while it renders the page (entry-server.tsx), and the head tags and structured data those answers
 * give it. Imported by the SSR entry only: the browser starts from the answers in the HTML.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ServerRenderedPath } from '#shared/routes.ts';
import type { CampaignContent } from '#shared/schemas/campaign.ts';
import type { OpenCareSlots } from '#shared/schemas/care-plan.ts';
import type { PublicDoctor } from '#shared/schemas/doctors.ts';
import type { PublicFundraiser } from '#shared/schemas/public-fundraisers.ts';
import type { PublicStory } from '#shared/schemas/stories.ts';
import { excerpt } from '#shared/story-text.ts';
import { openCareSlotsQuery } from './api/care-plans.ts';
import { doctorQuery, doctorsQuery } from './api/doctors.ts';
import {
  campaignLedgerQuery,
  campaignProgressQuery,
  campaignSupportersQuery,
  publicFundraiserQuery,
  publicFundraisersQuery,
} from './api/public-fundraisers.ts';
import { publicStoriesQuery, publicStoryQuery, supportQuery } from './api/stories.ts';
import type { PageQuery } from './lib/page-query.ts';
import type { PageHead } from './page-heads.ts';
import { directoryPlace, directoryQuery } from './routes/community/doctor-directory.ts';
import { storiesListPlace } from './routes/community/story-model.ts';
import { careOpenSlotsTitle } from './routes/care/care-words.ts';
import { donatePageTitle } from './routes/fundraisers/donate-words.ts';
import { fundraisersPlace } from './routes/fundraisers/fundraisers-place.ts';
import { doctorJsonLd, fundraiserJsonLd, storyJsonLd } from './structured-data.ts';

type Params = Record<string, string>;

interface ServerPage {
  /** The reads the page shows, for this address (`:name` segments in `params`, the query string in `search`). */
  queries(params: Params, search: string): PageQuery<unknown>[];
  /** Head tags and structured data from the answers, when the page is about one record. */
  head?(
    content: CampaignContent,
    siteUrl: string,
    params: Params,
    data: QueryClient,
  ): (PageHead & { jsonLd?: Record<string, unknown>; indexable?: false }) | undefined;
}

const read = <T>(data: QueryClient, query: PageQuery<T>) => data.getQueryData<T | null>(query.queryKey) ?? undefined;

export const SERVER_PAGES: Record<ServerRenderedPath, ServerPage> = {
  '/stories': { queries: (_params, search) => [publicStoriesQuery(storiesListPlace(search))] },
  '/stories/:id': {
    queries: ({ id }) => [publicStoryQuery(id!), supportQuery(id!)],
    head(content, siteUrl, { id }, data) {
      const story = read<PublicStory>(data, publicStoryQuery(id!));
      if (!story) return undefined;
      // A members-only story's preview has no body: the head says no more than the page (its title and excerpt).
      const head = {
        title: `${story.title} | ${content.product.name}`,
        description: excerpt(story.preview ? story.excerpt : story.body, 155),
      };
      // A story shared only by its link is kept out of search engines (and their structured data).
      if (story.audience === 'link') return { ...head, indexable: false };
      return { ...head, jsonLd: storyJsonLd(story, content, siteUrl) };
    },
  },
  '/find-doctors': {
    queries: (_params, search) => {
      const { filters, page } = directoryPlace(search);
      return [doctorsQuery(directoryQuery(filters, page))];
    },
  },
  '/doctors/:id': {
    queries: ({ id }) => [doctorQuery(id!)],
    head(content, siteUrl, { id }, data) {
      const doctor = read<PublicDoctor>(data, doctorQuery(id!));
      if (!doctor) return undefined;
      return {
        title: `${doctor.name}, ${doctor.specialty} | ${content.product.name}`,
        description: excerpt(doctor.bio, 155),
        jsonLd: doctorJsonLd(doctor, siteUrl),
      };
    },
  },
  '/fundraisers': { queries: (_params, search) => [publicFundraisersQuery(fundraisersPlace(search))] },
  '/fundraisers/:slug': {
    // Its figures by the slug too, so all four reads start at once.
    queries: ({ slug }) => [
      publicFundraiserQuery(slug!),
      campaignProgressQuery(slug!),
      campaignSupportersQuery(slug!),
      campaignLedgerQuery(slug!),
    ],
    head(content, siteUrl, { slug }, data) {
      const fundraiser = read<PublicFundraiser>(data, publicFundraiserQuery(slug!));
      if (!fundraiser) return undefined;
      return {
        title: `${fundraiser.title} | ${content.product.name}`,
        description: excerpt(fundraiser.story, 155),
        jsonLd: fundraiserJsonLd(fundraiser, siteUrl),
      };
    },
  },
  '/fundraisers/:slug/donate': {
    queries: ({ slug }) => [publicFundraiserQuery(slug!), campaignProgressQuery(slug!)],
    head(content, siteUrl, { slug }, data) {
      const fundraiser = read<PublicFundraiser>(data, publicFundraiserQuery(slug!));
      if (!fundraiser) return undefined;
      return {
        title: donatePageTitle(fundraiser, content.product.name),
        description: `Give to ${fundraiser.organiserName}’s fundraiser: ${excerpt(fundraiser.story, 100)}`,
      };
    },
  },
  '/transparency/:slug': {
    queries: ({ slug }) => [publicFundraiserQuery(slug!), campaignLedgerQuery(slug!)],
    head(content, _siteUrl, { slug }, data) {
      const fundraiser = read<PublicFundraiser>(data, publicFundraiserQuery(slug!));
      if (!fundraiser) return undefined;
      return {
        title: `Where every dollar goes: ${fundraiser.title} | ${content.product.name}`,
        description: `Every gift to ${fundraiser.organiserName}’s fundraiser, and every payment made from it against a verified expense.`,
      };
    },
  },
  '/care/open/:token': {
    queries: ({ token }) => [openCareSlotsQuery(token!)],
    head(content, _siteUrl, { token }, data) {
      const open = read<OpenCareSlots>(data, openCareSlotsQuery(token!));
      if (!open) return undefined;
      // Read by her secret link: never indexed (UNLISTED_PAGES says so for every render of it, the 404 included).
      return {
        title: `${careOpenSlotsTitle(open.patientName)} | ${content.product.name}`,
        description: `The dates ${open.patientName} still needs help with after her surgery, and how to offer it.`,
        indexable: false,
      };
    },
  },
};

/** The `:name` segments of `pattern` in `pathname` (which pathMatches has matched). */
export function pathParams(pattern: string, pathname: string): Params {
  const got = pathname.split('/');
  return Object.fromEntries(
    pattern
      .split('/')
      .flatMap((segment, i) => (segment.startsWith(':') ? [[segment.slice(1), decodeURIComponent(got[i]!)]] : [])),
  );
}
