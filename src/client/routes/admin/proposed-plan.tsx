/**
 * A live fundraiser's money change as the reviewing manager reads it: the proposed goal, cost groups, payee and
 * documents beside the approved goal (the application above shows the approved plan in full).
 */
import type { Fundraiser, FundraiserRevision } from '#shared/schemas/fundraisers.ts';
import { documentLabel, formatCents, formatWhen } from '#client/lib/format.ts';

export function ProposedPlan({ fundraiser, revision }: { fundraiser: Fundraiser; revision: FundraiserRevision }) {
  return (
    <section
      aria-labelledby={`proposed-${revision.id}`}
      className="space-y-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-950"
    >
      <h4 id={`proposed-${revision.id}`} className="font-semibold">
        Money change waiting for review (sent{' '}
        <time dateTime={revision.proposedAt}>{formatWhen(revision.proposedAt)}</time>)
      </h4>
      <p>
        Goal {formatCents(fundraiser.goalCents)} →{' '}
        <span className="font-semibold">{formatCents(revision.goalCents)}</span>
      </p>
      <ul className="list-disc pl-5">
        {revision.costGroups.map((g) => (
          <li key={g.key}>
            {g.label}: {formatCents(g.amountCents)}
            {g.note && ` (${g.note})`}
          </li>
        ))}
      </ul>
      <p>
        <span className="font-semibold">Paid to:</span> {revision.payee.name} (
        {revision.payee.kind === 'care_provider' ? 'the care provider' : 'the patient'}).{' '}
        <span className="whitespace-pre-wrap">{revision.payee.route}</span>
      </p>
      <ul className="list-disc pl-5">
        {revision.documents.map((d, i) => (
          <li key={d.id}>
            <a href={d.url} target="_blank" rel="noreferrer" className="rounded text-brand-800 underline">
              Planned document {i + 1} ({documentLabel(d)})<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
