/** What the doctor pages share: a doctor's picture and the facts shown on cards and profiles. */
import type { ReactNode } from 'react';
import { BadgeCheck } from 'lucide-react';
import type { PublicDoctor } from '#shared/schemas/doctors.ts';

export const yearsText = (years: number) => (years === 1 ? '1 year of experience' : `${years} years of experience`);

/** The picture, or the initials of the name after "Dr."; decorative, as the name is always shown beside it. */
export function DoctorAvatar({
  doctor,
  size = 'md',
}: {
  doctor: Pick<PublicDoctor, 'name' | 'profileImageUrl'>;
  size?: 'md' | 'lg';
}) {
  const box = size === 'lg' ? 'h-20 w-20 text-2xl' : 'h-14 w-14 text-lg';
  if (doctor.profileImageUrl)
    return <img src={doctor.profileImageUrl} alt="" className={`${box} shrink-0 rounded-full object-cover`} />;
  const letters = doctor.name
    .replace(/^Dr\.\s*/, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => [...part][0])
    .slice(0, 2)
    .join('')
    .toUpperCase();
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900`}
    >
      {letters || '?'}
    </span>
  );
}

export function VerifiedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
      <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
      Verified doctor
    </span>
  );
}

/** Specialty, experience, hospital and where licensed, as a description list. */
export function DoctorFacts({ doctor }: { doctor: PublicDoctor }) {
  const facts: [string, ReactNode][] = [
    ['Specialty', doctor.specialty],
    ['Experience', yearsText(doctor.yearsExperience)],
    ...(doctor.hospitalAffiliation ? [['Hospital', doctor.hospitalAffiliation] as [string, ReactNode]] : []),
    ['Licensed in', doctor.licenseState],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
