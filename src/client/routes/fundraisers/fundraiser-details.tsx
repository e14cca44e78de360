/**
 * A fundraiser's page below its first screen (loaded as it comes near, see below-fold.tsx): her story, her dated
 * updates, the planned cost groups against what the ledger says was released, the supporters, and the share set.
 */
import { Link } from 'wouter';
import { ShieldAlert } from 'lucide-react';
import { transparencyPath } from '#shared/routes.ts';
import type { PublicFundraiser } from '#shared/schemas/public-fundraisers.ts';
import type { FundraiserUpdate } from '#shared/schemas/live-fundraisers.ts';
import { contentNoteWords } from '#shared/story-audience.ts';
import type { Ledger } from '#shared/schemas/spending.ts';
import { campaignLedgerQuery, campaignSupportersQuery } from '#client/api/public-fundraisers.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { formatCents, formatDay } from '#client/lib/format.ts';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { linkClass } from '#client/components/ui/text-classes.ts';
import { SupportersWall } from '#client/components/recent-supporters.tsx';
import { LedgerTotals, Pending } from '#client/components/ledger-totals.tsx';
import { Releases } from '#client/components/ledger-lists.tsx';
import { FollowUpdates } from '#client/components/follow-updates.tsx';
import { SpreadTheWord } from '#client/components/spread-the-word.tsx';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { StoryBody } from '../community/story-parts.tsx';
import { useShownFundraiser } from './fundraiser-parts.tsx';
import { DonateLink } from './fundraiser-page.tsx';

/** The plan, group by group, against what the ledger says was released for each. */
function WhereTheMoneyGoes({
  fundraiser,
  ledger,
  failed,
}: {
  fundraiser: PublicFundraiser;
  ledger?: Ledger;
  failed: boolean;
}) {
  return (
    <Card aria-labelledby="costs-title">
      <CardTitle id="costs-title">Where the money goes</CardTitle>
      <ul className="mt-4 divide-y divide-brand-100">
        {fundraiser.costGroups.map((g) => {
          const released = ledger?.groups.find((l) => l.key === g.key)?.releasedCents ?? 0;
          return (
            <li key={g.key} className="py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                <p className="font-medium text-ink">{g.label}</p>
                <p className="font-semibold text-brand-800">{formatCents(g.amountCents)}</p>
              </div>
              {g.note && <p className="text-sm break-words text-slate-700">{g.note}</p>}
              <p className="mt-1 text-sm font-medium text-emerald-800" data-testid={`released-${g.key}`}>
                {ledger ? (
                  `${formatCents(released)} released so far`
                ) : (
                  <Pending what="the amount released" failed={failed} />
                )}
              </p>
            </li>
          );
        })}
      </ul>
      {fundraiser.payee && (
        <p className="mt-4 text-sm text-slate-700" data-testid="payee">
          Money is released only against verified expenses and paid to{' '}
          <span className="font-semibold">{fundraiser.payee.name}</span>
          {fundraiser.payee.kind === 'care_provider'
            ? ', the care provider.'
            : `, ${fundraiser.organiserName} herself.`}
        </p>
      )}
      <h3 className="mt-6 font-semibold text-ink">The ledger</h3>
      <LedgerTotals ledger={ledger} failed={failed} />
      <h3 className="mt-6 font-semibold text-ink">Released expenses</h3>
      {ledger && <Releases ledger={ledger} groups={fundraiser.costGroups} />}
      <Link href={transparencyPath(fundraiser.slug)} className={`${linkClass} mt-4 inline-block`}>
        Every gift and payment, and how money is released
      </Link>
    </Card>
  );
}

/**
 * An update's text, or under a content note the note first and the text once she opens it (a <details>, so the
 * server-rendered page works without JavaScript).
 */
function UpdateText({ update }: { update: FundraiserUpdate }) {
  const text = update.paragraphs.map((p, i) => (
    <p key={i} className="mt-2 break-words text-slate-800">
      {p}
    </p>
  ));
  if (update.contentNotes.length === 0) return text;
  return (
    <>
      <p role="note" className="mt-2 flex items-center gap-2 rounded-xl bg-amber-50 p-3 font-semibold text-amber-950">
        <ShieldAlert aria-hidden="true" className="h-5 w-5 shrink-0" />
        Content note: {contentNoteWords(update.contentNotes)}
      </p>
      <details className="group/note mt-2" data-testid="update-behind-note">
        <summary className={`${linkClass} cursor-pointer`}>
          <span className="group-open/note:hidden">Show update</span>
          <span className="hidden group-open/note:inline">Hide update</span>
        </summary>
        {text}
      </details>
    </>
  );
}

/** The owner's dated updates, newest first, as the server rendered them; while live, a way to follow them. */
function Updates({ fundraiser }: { fundraiser: PublicFundraiser }) {
  return (
    <section aria-labelledby="updates-title">
      <h2 id="updates-title" className="text-2xl font-semibold text-ink">
        Updates
      </h2>
      {fundraiser.status === 'live' && (
        <div className="mt-4">
          <FollowUpdates slug={fundraiser.slug} />
        </div>
      )}
      {fundraiser.updates.length === 0 ? (
        <p className="mt-4 text-slate-700">{fundraiser.organiserName} has not posted an update yet.</p>
      ) : (
        <ol className="mt-4 space-y-6">
          {fundraiser.updates.map((u) => (
            <li key={u.id}>
              <article aria-labelledby={`update-${u.id}`} className="rounded-2xl border border-brand-100 bg-white p-4">
                <p className="text-sm text-slate-600">
                  <time dateTime={u.postedAt}>{formatDay(u.postedAt.slice(0, 10), 'long')}</time>
                </p>
                <h3 id={`update-${u.id}`} className="mt-1 text-lg font-semibold break-words text-ink">
                  {u.title}
                </h3>
                <UpdateText update={u} />
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Details({ fundraiser: f }: { fundraiser: PublicFundraiser }) {
  const supporters = usePageQuery(campaignSupportersQuery(f.slug));
  const ledger = usePageQuery(campaignLedgerQuery(f.slug));
  const { product } = useCampaign();
  const live = f.status === 'live';
  const page = `/fundraisers/${encodeURIComponent(f.slug)}`;
  const donatePage = `${page}/donate`;
  return (
    <>
      <section aria-labelledby="story-title">
        <h2 id="story-title" className="text-2xl font-semibold text-ink">
          {f.organiserName}’s story
        </h2>
        <div className="mt-4">
          <StoryBody html={f.storyHtml} testId="fundraiser-story" />
        </div>
      </section>
      {(live || f.updates.length > 0) && <Updates fundraiser={f} />}
      <WhereTheMoneyGoes fundraiser={f} ledger={ledger.data ?? undefined} failed={Boolean(ledger.error)} />
      <SupportersWall
        data={supporters.data ?? undefined}
        isError={Boolean(supporters.error)}
        patientName={f.organiserName}
      >
        {live && (
          <DonateLink href={donatePage} event="donate_button_click">
            Donate
          </DonateLink>
        )}
      </SupportersWall>
      <SpreadTheWord
        path={page}
        words={{
          postText: f.title,
          emailSubject: f.title,
          emailBody: `${f.organiserName} is raising money for her treatment on ${product.name}. Her story, and how to help:`,
        }}
      >
        {live
          ? `Every share brings ${f.organiserName} closer to her treatment.`
          : `Share ${f.organiserName}’s story with someone who should read it.`}
      </SpreadTheWord>
    </>
  );
}

export default function FundraiserDetails() {
  const fundraiser = useShownFundraiser();
  return fundraiser ? <Details fundraiser={fundraiser} /> : null;
}
