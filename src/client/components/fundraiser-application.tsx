/**
 * A fundraiser application as written: her story exactly as written (plain text) with its images, the cost groups
 * and goal, the payee and the private supporting documents. The reviewing managers and the patient herself read it.
 */
import type { Fundraiser } from '#shared/schemas/fundraisers.ts';
import { documentLabel, formatCents, formatDay } from '#client/lib/format.ts';
import { ReviewedImages } from './reviewed-images.tsx';

const PAYEE_KINDS = { care_provider: 'the care provider', patient: 'the patient' } as const;

/** The planned cost groups, each with its amount and note, under the goal they add up to. */
export function PlannedCosts({ goalCents, groups }: { goalCents: number; groups: Fundraiser['costGroups'] }) {
  return (
    <table className="w-full text-left">
      <caption className="text-left font-semibold text-ink">Goal: {formatCents(goalCents)}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          <th scope="col" className="py-1 pr-3 font-semibold">
            Cost group
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-semibold">
            Planned
          </th>
          <th scope="col" className="py-1 font-semibold">
            Note
          </th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g.key} className="border-b border-slate-100 align-top">
            <th scope="row" className="py-1 pr-3 font-normal">
              {g.label}
            </th>
            <td className="py-1 pr-3 text-right tabular-nums">{formatCents(g.amountCents)}</td>
            <td className="py-1">{g.note}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "Treatment planned: March 15, 2031", or that no date is planned. */
export function TreatmentPlanned({ neededBy }: { neededBy: string | null }) {
  return (
    <p>
      <span className="font-semibold">Treatment planned:</span>{' '}
      {neededBy ? <time dateTime={neededBy}>{formatDay(neededBy, 'long')}</time> : 'no date given'}
    </p>
  );
}

/** Private documents as links that open in a new tab: "Document 1 (PDF, 12 KB)". */
export function DocumentLinks({ documents }: { documents: Fundraiser['documents'] }) {
  return (
    <ul className="mt-1 list-disc pl-5">
      {documents.map((d, i) => (
        <li key={d.id}>
          <a href={d.url} target="_blank" rel="noreferrer" className="rounded text-brand-800 underline">
            Document {i + 1} ({documentLabel(d)})<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ApplicationSummary({
  fundraiser,
  Heading,
}: {
  fundraiser: Fundraiser;
  /** The level of its subheadings, one below the heading it sits under. */
  Heading: 'h3' | 'h4';
}) {
  const title = fundraiser.title ?? 'Untitled fundraiser';
  return (
    <>
      {/* Her text exactly as written: plain, so nothing in it is interpreted. */}
      <div
        className="max-h-96 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-4"
        tabIndex={0}
        role="region"
        aria-label={`Story of “${title}”`}
      >
        <p className="break-words whitespace-pre-wrap text-slate-900">{fundraiser.story}</p>
        <ReviewedImages label="Images" images={fundraiser.images} />
      </div>
      <PlannedCosts goalCents={fundraiser.goalCents} groups={fundraiser.costGroups} />
      <TreatmentPlanned neededBy={fundraiser.neededBy} />
      {fundraiser.payee && (
        <p>
          <span className="font-semibold">Paid to:</span> {fundraiser.payee.name} ({PAYEE_KINDS[fundraiser.payee.kind]}
          ). <span className="whitespace-pre-wrap">{fundraiser.payee.route}</span>
        </p>
      )}
      <div>
        <Heading className="font-semibold text-ink">Supporting documents (private)</Heading>
        <DocumentLinks documents={fundraiser.documents} />
      </div>
    </>
  );
}
