/**
 * /doctors/:id: a verified doctor's public profile (never the license number: the server does not send it), with
 * Share at the top as on every public record.
 */
import { Link, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import type { PublicDoctor } from '#shared/schemas/doctors.ts';
import { doctorQuery } from '#client/api/doctors.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { ListLoadError } from '#client/components/ui/list-status.tsx';
import { MessageLink, MessagePage, PageFrame } from '#client/components/page-layout.tsx';
import { PageStatus } from '#client/components/page-status.tsx';
import { pageTitleClass } from '#client/components/ui/text-classes.ts';
import { TagList } from '#client/components/tag-list.tsx';
import { CopyLinkButton } from '#client/components/copy-link-button.tsx';
import { DoctorAvatar, DoctorFacts, VerifiedBadge } from './doctor-parts.tsx';

function BackLink() {
  return (
    <Link
      href="/find-doctors"
      className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-800 underline hover:text-brand-900"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      All doctors
    </Link>
  );
}

function NotListed() {
  return (
    <MessagePage title="Doctor not found" actions={<MessageLink href="/find-doctors">Find Doctors</MessageLink>}>
      This doctor is not in our directory, or their profile is not verified yet.
    </MessagePage>
  );
}

function Profile({ doctor }: { doctor: PublicDoctor }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <div className="flex items-center justify-between gap-4">
        <BackLink />
        <CopyLinkButton label="Share" shareSheet />
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-5">
        <DoctorAvatar doctor={doctor} size="lg" />
        <div>
          <h1 className={pageTitleClass}>{doctor.name}</h1>
          <p className="mt-1 text-lg text-slate-700">{doctor.specialty}</p>
          <div className="mt-2">
            <VerifiedBadge />
          </div>
        </div>
      </div>
      <Card className="mt-8" aria-labelledby="about-title">
        <CardTitle id="about-title">About</CardTitle>
        <p className="mt-3 whitespace-pre-line text-slate-800" data-testid="doctor-bio">
          {doctor.bio}
        </p>
        <div className="mt-6">
          <DoctorFacts doctor={doctor} />
        </div>
      </Card>
      <Card className="mt-6" aria-labelledby="expertise-title">
        <CardTitle id="expertise-title">Areas of expertise</CardTitle>
        <div className="mt-3">
          <TagList tags={doctor.areasOfExpertise} label="Areas of expertise" />
        </div>
        <h3 className="mt-6 text-base font-semibold text-ink">How they can help</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
          {doctor.consultationTypes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </Card>
      <p className="mt-6 text-sm text-slate-600">
        Doctors in our community offer support and information, not a diagnosis. In an emergency, call your local
        emergency number.
      </p>
    </div>
  );
}

export default function DoctorProfilePage() {
  const { id = '' } = useParams<{ id: string }>();
  const doctor = usePageQuery(doctorQuery(id));
  if (doctor.data) return <Profile doctor={doctor.data} />;
  if (doctor.data === null) return <NotListed />;
  if (doctor.error)
    return (
      <PageFrame title="Doctor Profile" width="3xl">
        <ListLoadError what="profile" error={doctor.error} onRetry={() => void doctor.refetch()} />
      </PageFrame>
    );
  return <PageStatus>Loading the profile…</PageStatus>;
}
