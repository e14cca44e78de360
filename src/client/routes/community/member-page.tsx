/**
 * /members/:id: a member as this reader may see her (decision 020): her community name, picture and role, the health
 * answers she shows this reader (public ones to anyone, members' ones once signed in) and her listed stories.
 * Rendered in the browser only, so each reader's answer stays hers; never indexed.
 */
import { Link, useParams } from 'wouter';
import { FIELD_VISIBILITY_LABELS } from '#shared/field-visibility.ts';
import type { MemberPage as Member } from '#shared/schemas/field-visibility.ts';
import { memberQuery } from '#client/api/field-visibility.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { formatWhen } from '#client/lib/format.ts';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { ListLoadError } from '#client/components/ui/list-status.tsx';
import { MessageLink, MessagePage, PageFrame } from '#client/components/page-layout.tsx';
import { PageStatus } from '#client/components/page-status.tsx';
import { pageTitleClass } from '#client/components/ui/text-classes.ts';

/** Her picture, or the first letters of the name she is known by (never her legal name's). */
function MemberAvatar({ member }: { member: Member }) {
  if (member.profileImageUrl)
    return <img src={member.profileImageUrl} alt="" className="h-16 w-16 shrink-0 rounded-full object-cover" />;
  const letters = member.shownName
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase();
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-900"
    >
      {letters || '?'}
    </span>
  );
}

function Profile({ member }: { member: Member }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <div className="flex flex-wrap items-center gap-5">
        <MemberAvatar member={member} />
        <div>
          <h1 className={pageTitleClass}>{member.shownName}</h1>
          <p className="mt-1 text-lg text-slate-700">{member.roleLabel}</p>
        </div>
      </div>
      <Card className="mt-8" aria-labelledby="shared-title">
        <CardTitle id="shared-title">What {member.shownName} shares</CardTitle>
        {member.fields.length === 0 ? (
          <p className="mt-3 text-slate-700" data-testid="member-fields-none">
            Nothing from their profile is shared with you.
          </p>
        ) : (
          <dl className="mt-3 divide-y divide-brand-100" data-testid="member-fields">
            {member.fields.map((f) => (
              <div key={f.field} className="py-3">
                <dt className="font-medium text-ink">{f.label}</dt>
                <dd className="break-words whitespace-pre-line text-slate-800">{f.value}</dd>
                <dd className="text-xs text-slate-600">Shared with: {FIELD_VISIBILITY_LABELS[f.visibility]}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
      {member.stories.length > 0 && (
        <Card className="mt-6" aria-labelledby="stories-title">
          <CardTitle id="stories-title">Stories</CardTitle>
          <ul className="mt-3 space-y-2">
            {member.stories.map((story) => (
              <li key={story.id}>
                <Link href={`/stories/${story.id}`} className="font-medium text-brand-800 underline">
                  {story.title}
                </Link>{' '}
                <span className="text-sm text-slate-600">{formatWhen(story.publishedAt)}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

export default function MemberPage() {
  const { id = '' } = useParams<{ id: string }>();
  const member = usePageQuery(memberQuery(id));
  if (member.data) return <Profile member={member.data} />;
  if (member.data === null)
    return (
      <MessagePage title="Member not found" actions={<MessageLink href="/stories">Read stories</MessageLink>}>
        There is no member at this address.
      </MessagePage>
    );
  if (member.error)
    return (
      <PageFrame title="Member" width="3xl">
        <ListLoadError what="member" error={member.error} onRetry={() => void member.refetch()} />
      </PageFrame>
    );
  return <PageStatus>Loading the member…</PageStatus>;
}
