/**
 * /doctor-dashboard (doctors only): where the doctor's verification stands and what to do next, their profile
 * as admins see it, and once verified the public stories whose authors asked for professional input, with
 * the doctor's own replies and thanks. Other visitors get a sign-in or no-access view; the server checks too.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowRight, HeartHandshake, MessageSquareText } from 'lucide-react';
import type { DoctorDashboard, InputRequestStory } from '#shared/schemas/doctors.ts';
import { doctorDashboardKey, getDoctorDashboard } from '#client/api/doctors.ts';
import { buttonClass } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { ListLoadError } from '#client/components/ui/list-status.tsx';
import { PagedItems } from '#client/components/ui/paged-list.tsx';
import { MessageLink, MessagePage, PageFrame } from '#client/components/page-layout.tsx';
import { PageStatus } from '#client/components/page-status.tsx';
import { usePageUser } from '#client/page-access.tsx';
import { formatDate } from '#client/lib/format.ts';
import { Badge, StorySummary } from './story-parts.tsx';
import type { BadgeTone } from './story-model.ts';
import { yearsText } from './doctor-parts.tsx';
import { MedicalReviewRequests } from './medical-review-requests.tsx';

const STATUS_BADGES: Record<DoctorDashboard['verification']['status'], { label: string; tone: BadgeTone }> = {
  not_submitted: { label: 'Profile not completed', tone: 'neutral' },
  pending: { label: 'Waiting for verification', tone: 'warning' },
  verified: { label: 'Verified', tone: 'success' },
  rejected: { label: 'Not verified', tone: 'danger' },
};

function NoAccess() {
  return (
    <MessagePage title="No access" actions={<MessageLink href="/find-doctors">Find Doctors</MessageLink>}>
      The doctor dashboard is for medical professionals&apos; accounts. To find a doctor of our community, use the
      directory.
    </MessagePage>
  );
}

function VerificationCard({ data }: { data: DoctorDashboard }) {
  const { verification, nextStep } = data;
  const badge = STATUS_BADGES[verification.status];
  return (
    <Card className="mt-8" aria-labelledby="verification-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id="verification-title">Verification</CardTitle>
        <Badge tone={badge.tone} testId="verification-status">
          {badge.label}
        </Badge>
      </div>
      {verification.decidedAt && verification.status !== 'pending' && (
        <p className="mt-1 text-sm text-slate-600">
          Decided <time dateTime={verification.decidedAt}>{formatDate(verification.decidedAt)}</time>
        </p>
      )}
      {verification.note && verification.status !== 'verified' && (
        <div
          className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-950"
          data-testid="verification-note"
        >
          <p className="font-semibold">
            {verification.status === 'rejected' ? 'Why it was not verified' : 'What the last review said'}
          </p>
          <p className="mt-1 whitespace-pre-line">{verification.note}</p>
        </div>
      )}
      <h3 className="mt-6 text-base font-semibold text-ink">{nextStep.title}</h3>
      <p className="mt-1 text-slate-700">{nextStep.text}</p>
      {nextStep.link && (
        <Link href={nextStep.link.href} className={buttonClass('secondary', 'md', 'mt-4')}>
          {nextStep.link.text}
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      )}
    </Card>
  );
}

function Counts({ counts }: { counts: DoctorDashboard['counts'] }) {
  const items = [
    { id: 'replies', label: 'Your replies', value: counts.replies, Icon: MessageSquareText },
    { id: 'thanked', label: 'Replies thanked by the author', value: counts.thanked, Icon: HeartHandshake },
  ];
  return (
    <section aria-labelledby="counts-title" className="mt-6">
      <h2 id="counts-title" className="sr-only">
        Your replies
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2">
        {items.map(({ id, label, value, Icon }) => (
          <div key={id} className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
            <dt className="flex items-center gap-2 text-sm font-semibold text-slate-700">
              <Icon aria-hidden="true" className="h-5 w-5 text-brand-700" />
              {label}
            </dt>
            <dd className="mt-2 text-3xl font-bold text-brand-800" data-testid={`count-${id}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ProfileCard({ profile }: { profile: NonNullable<DoctorDashboard['profile']> }) {
  const rows: [string, ReactNode][] = [
    ['Specialty', profile.specialty],
    ['Experience', yearsText(profile.yearsExperience)],
    ['License', `${profile.licenseNumber} (${profile.licenseState})`],
    ['Medical board', profile.medicalBoard],
    ['Hospital', profile.hospitalAffiliation ?? 'None given'],
    ['Areas of expertise', profile.areasOfExpertise.join(', ')],
    ['Consultation types', profile.consultationTypes.join(', ')],
  ];
  return (
    <Card className="mt-6" aria-labelledby="profile-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id="profile-title">Your professional profile</CardTitle>
        <Link
          href="/onboarding"
          className="rounded text-sm font-semibold text-brand-800 underline hover:text-brand-900"
        >
          Edit your answers
        </Link>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Your license number is shown only to you and our administrators, never in the directory.
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-600">{term}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function StoryItem({ story }: { story: InputRequestStory }) {
  return (
    <StorySummary story={story} headingClass="text-lg" testId="input-story">
      <p className="mt-3 text-sm font-medium text-slate-700" data-testid="my-replies">
        {story.myReplies === 0
          ? 'You have not replied yet'
          : story.myReplies === 1
            ? 'You replied once'
            : `You replied ${story.myReplies} times`}
      </p>
    </StorySummary>
  );
}

function InputRequests({ data, onPage }: { data: DoctorDashboard; onPage: (page: number) => void }) {
  const verified = data.verification.status === 'verified';
  let body: ReactNode;
  if (!verified)
    body = (
      <p className="mt-2 text-slate-700">
        Once you are verified, the stories whose authors ask for professional input appear here.
      </p>
    );
  else
    body = (
      <PagedItems
        page={data.stories}
        label="Stories asking for professional input"
        itemKey={(s) => s.id}
        renderItem={(s) => <StoryItem story={s} />}
        emptyWhen="list"
        empty={
          <p className="mt-2 text-slate-700">
            No stories are asking for professional input right now. New ones appear here when they are published.
          </p>
        }
        pagerLabel="Pages of stories asking for input"
        onPage={onPage}
      />
    );
  return (
    <section aria-labelledby="input-title" className="mt-10">
      <h2 id="input-title" className="text-xl font-semibold text-ink">
        Stories asking for professional input
      </h2>
      {body}
    </section>
  );
}

function Dashboard() {
  const [page, setPage] = useState(1);
  const dashboard = useQuery({
    queryKey: doctorDashboardKey(page),
    queryFn: () => getDoctorDashboard(page),
    gcTime: 0,
    placeholderData: keepPreviousData,
  });
  let body: ReactNode;
  if (dashboard.data) {
    body = (
      <>
        <VerificationCard data={dashboard.data} />
        <Counts counts={dashboard.data.counts} />
        {dashboard.data.verification.status === 'verified' && <MedicalReviewRequests />}
        {dashboard.data.profile && <ProfileCard profile={dashboard.data.profile} />}
        <InputRequests data={dashboard.data} onPage={setPage} />
      </>
    );
  } else if (dashboard.error) {
    body = <ListLoadError what="dashboard" error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  } else {
    body = <PageStatus>Loading your dashboard…</PageStatus>;
  }
  return (
    <PageFrame
      title="Doctor Dashboard"
      intro="Your verification, your replies, and the stories where your experience can help."
    >
      {body}
    </PageFrame>
  );
}

export default function DoctorDashboardPage() {
  const user = usePageUser();
  if (!user.abilities.doctorDashboard) return <NoAccess />;
  return <Dashboard />;
}
