/** The public line of an attested fundraiser: who reviewed its plan, linking to her profile (never her note). */
import { Link } from 'wouter';
import { Stethoscope } from 'lucide-react';
import type { PublicMedicalReview } from '#shared/schemas/medical-reviews.ts';

export function MedicallyReviewed({ review }: { review: PublicMedicalReview | null }) {
  if (!review) return null;
  return (
    <p className="mt-3 flex items-start gap-2 text-sm font-medium text-emerald-900" data-testid="medically-reviewed">
      <Stethoscope aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        Medically reviewed by{' '}
        <Link href={`/doctors/${encodeURIComponent(review.id)}`} className="font-semibold underline">
          {review.name}
        </Link>
        , {review.specialty}
      </span>
    </p>
  );
}
