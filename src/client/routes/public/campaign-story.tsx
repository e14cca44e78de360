/** The campaign page below its first screens: gallery, surgeon, why, journey and updates, costs, urgency, sharing. */
import { Link } from 'wouter';
import { Award, CalendarDays, Stethoscope } from 'lucide-react';
import type { CampaignContent, CampaignImage } from '#shared/schemas/campaign.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { formatDay, formatWholeDollars } from '#client/lib/format.ts';
import { SpreadTheWord } from '#client/components/spread-the-word.tsx';
import { FollowUpdates } from '#client/components/follow-updates.tsx';
import { ReleasedSoFar } from '#client/components/released-so-far.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { DonateLink } from './donate-link.tsx';

function Figure({ image, lazy = true }: { image: CampaignImage; lazy?: boolean }) {
  return (
    <figure className="overflow-hidden rounded-2xl border border-brand-100 bg-white">
      <img
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
        className="h-auto w-full"
      />
      {image.caption && <figcaption className="px-4 py-2 text-sm text-slate-700">{image.caption}</figcaption>}
    </figure>
  );
}

function SurgeonCard({ surgeon }: { surgeon: CampaignContent['surgeon'] }) {
  const figures = [
    { label: 'Years of experience', value: surgeon.yearsExperience },
    { label: 'Lives changed', value: surgeon.livesChanged },
  ].filter((f) => f.value);
  return (
    <Card aria-labelledby="surgeon-title">
      <div className="flex flex-col gap-6 sm:flex-row">
        <img
          src={surgeon.photo.src}
          alt={surgeon.photo.alt}
          width={surgeon.photo.width}
          height={surgeon.photo.height}
          loading="lazy"
          decoding="async"
          className="h-40 w-40 shrink-0 rounded-2xl object-cover"
        />
        <div className="space-y-3">
          <p className="flex items-center gap-2 text-sm font-semibold text-brand-800">
            <Stethoscope aria-hidden="true" className="h-4 w-4" />
            Meet the Surgeon
          </p>
          <h2 id="surgeon-title" className="text-2xl font-bold text-ink">
            {surgeon.name}
          </h2>
          {surgeon.title && <p className="text-slate-700">{surgeon.title}</p>}
          {figures.length > 0 && (
            <dl className="grid grid-cols-2 gap-3">
              {figures.map((f) => (
                <div key={f.label} className="rounded-xl bg-brand-50 p-3">
                  <dt className="text-sm text-slate-700">{f.label}</dt>
                  <dd className="text-2xl font-bold text-brand-800">{f.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {surgeon.bio.map((p, i) => (
            <p key={i} className="leading-relaxed text-slate-700">
              {p}
            </p>
          ))}
          {surgeon.highlights.length > 0 && (
            <ul className="space-y-1">
              {surgeon.highlights.map((h) => (
                <li key={h} className="flex gap-2 text-slate-700">
                  <Award aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                  {h}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Card>
  );
}

export default function CampaignStory() {
  const c = useCampaign();

  return (
    <>
      <section aria-labelledby="gallery-title">
        <h2 id="gallery-title" className="mb-4 text-2xl font-bold text-ink">
          {c.gallery.title}
        </h2>
        <div className="grid grid-cols-2 gap-3">
          {c.gallery.images.map((image) => (
            <Figure key={image.src} image={image} />
          ))}
        </div>
      </section>

      {/* A live site leaves out the seed's example surgeon, claims and updates (src/shared/example-content.ts). */}
      {c.surgeon.name && <SurgeonCard surgeon={c.surgeon} />}

      <section aria-labelledby="why-title">
        <h2 id="why-title" className="mb-4 text-2xl font-bold text-ink">
          {c.whySurgery.title}
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {c.whySurgery.cards.map((card) => (
            <Card key={card.title} className="p-5">
              <h3 className="text-lg font-semibold text-ink">{card.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{card.body}</p>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="journey-title" className="space-y-4">
        <h2 id="journey-title" className="text-2xl font-bold text-ink">
          {c.journey.title}
        </h2>
        {c.journey.paragraphs.map((p, i) => (
          <p key={i} className="leading-relaxed text-slate-700">
            {p}
          </p>
        ))}
        <FollowUpdates />
        {c.journey.updates.map((update, n) => (
          <article
            key={n}
            className="rounded-2xl border-l-4 border-brand-600 bg-brand-50 p-5"
            aria-labelledby={`update-${n}-title`}
          >
            <p className="flex items-center gap-2 text-sm font-semibold text-brand-800">
              <CalendarDays aria-hidden="true" className="h-4 w-4" />
              <time dateTime={update.date}>{formatDay(update.date, 'long')}</time>
            </p>
            <h3 id={`update-${n}-title`} className="mt-1 text-lg font-semibold text-ink">
              {update.title}
            </h3>
            {update.paragraphs.map((p, i) => (
              <p key={i} className="mt-2 leading-relaxed text-slate-700">
                {p}
              </p>
            ))}
          </article>
        ))}
        <div className="grid gap-3 sm:grid-cols-2">
          {c.journey.images.map((image) => (
            <Figure key={image.src} image={image} />
          ))}
        </div>
      </section>

      <Card aria-labelledby="costs-title">
        <CardTitle id="costs-title">{c.costs.title}</CardTitle>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {c.costs.groups.map((g) => (
            <li key={g.key} className="rounded-xl border border-brand-100 p-4">
              <p className="flex items-baseline justify-between gap-2">
                <span className="font-semibold text-ink">{g.label}</span>
                <span className="font-bold text-brand-800">{formatWholeDollars(g.amountCents)}</span>
              </p>
              <ReleasedSoFar group={g.key} />
              <p className="mt-1 text-sm text-slate-700">{g.description}</p>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
                {g.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        {c.costs.claim && <p className="mt-4 rounded-xl bg-brand-50 p-4 font-medium text-brand-900">{c.costs.claim}</p>}
        {c.costs.consultationPaid.note && (
          <p className="mt-3 text-sm text-slate-700">{c.costs.consultationPaid.note}</p>
        )}
        <p className="mt-3 text-sm text-slate-700">
          Money is released only against verified expenses.{' '}
          <Link href="/transparency" className="font-semibold text-brand-800 underline">
            See every payment on the transparency page
          </Link>
          .
        </p>
      </Card>

      {c.timeIsCritical.paragraphs.length > 0 && (
        <Card aria-labelledby="critical-title" className="border-red-200 bg-red-50">
          <CardTitle id="critical-title">{c.timeIsCritical.title}</CardTitle>
          {c.timeIsCritical.paragraphs.map((p, i) => (
            <p key={i} className="mt-3 leading-relaxed text-slate-800">
              {p}
            </p>
          ))}
          <div className="mt-5">
            <DonateLink event="donate_button_click">Donate Now</DonateLink>
          </div>
        </Card>
      )}

      <SpreadTheWord path="/" words={c.share}>
        Every share brings {c.patient.name} closer to surgery.
      </SpreadTheWord>
    </>
  );
}
