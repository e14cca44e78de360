/**
 * What a signed-in visitor can do with words of support, loaded only for her (a signed-out reader never downloads
 * the forms, their schemas or the mutations): each reply's `abilities` from the server, i.e. Report for anyone, Hide and Thank for the story's author, Hide and
 * Restore for moderators, and the form to post. The server checks every action again.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Flag, Heart, MessageCircleHeart } from 'lucide-react';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import {
  REPORT_REASON_MAX,
  ReportReplySchema,
  SUPPORT_REPLY_MAX,
  SupportReplySchema,
  type SupportReply,
} from '#shared/schemas/stories.ts';
import { errorMessage } from '#client/lib/api.ts';
import { actOnSupport, postSupport, reportSupport, supportKey, type SupportAction } from '#client/api/stories.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { Button, SubmitRow } from '#client/components/ui/button.tsx';
import { TextAreaField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { SupportSection } from './words-of-support.tsx';

type SupportIn = z.input<typeof SupportReplySchema>;
type SupportOut = z.output<typeof SupportReplySchema>;
type ReportIn = z.input<typeof ReportReplySchema>;
type ReportOut = z.output<typeof ReportReplySchema>;

const REPORT_FIELDS = ['reason'] as const;
const SUPPORT_FIELDS = ['body'] as const;
const DONE: Record<SupportAction, string> = {
  hide: 'Reply hidden',
  restore: 'Reply restored',
  thank: 'Thank you sent',
};

function ReportForm({ reply, onClose }: { reply: SupportReply; onClose: (sent: boolean) => void }) {
  const form = useForm<ReportIn, unknown, ReportOut>({
    resolver: zodResolver(ReportReplySchema),
    defaultValues: { reason: '' },
  });
  const showFieldErrors = useFieldErrors(form.setError, REPORT_FIELDS);
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const report = useMutation({
    mutationFn: (input: ReportOut) => reportSupport(reply.id, input),
    onSuccess: () => {
      toast({ title: 'Report sent', description: 'Thank you. A moderator will look at this reply.' });
      onClose(true);
    },
    onError: (err) => {
      showFieldErrors(err);
      toast({ title: 'Report not sent', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    },
  });
  return (
    <form
      noValidate
      aria-label={`Report the reply by ${reply.authorName}`}
      className="mt-3 space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3"
      onSubmit={form.handleSubmit((input) => report.mutate(input))}
    >
      <TextAreaField
        label="What is wrong with this reply?"
        rows={3}
        counter={{ length: reason.length, max: REPORT_REASON_MAX }}
        autoFocus
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <SubmitRow
        pending={report.isPending}
        pendingLabel="Sending…"
        onCancel={() => onClose(false)}
        cancelVariant="secondary"
        className="flex flex-wrap gap-2"
      >
        Send report
      </SubmitRow>
    </form>
  );
}

/** The buttons under one reply, and the report form they open. */
function ReplyActions({ reply }: { reply: SupportReply }) {
  const [reporting, setReporting] = useState(false);
  const reportButton = useRef<HTMLButtonElement>(null);
  const act = useMutation({
    mutationFn: (action: SupportAction) => actOnSupport(reply.id, action),
    // The replies and the story's count of them are read again: the endpoint's `changes`.
    onSuccess: (_answer, action) => toast({ title: DONE[action] }),
    onError: (err) =>
      toast({
        title: 'That did not work',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  // The server says what she may do with this reply now, and checks it again.
  const { hide: canHide, restore: canRestore, thank: canThank, report: canReport } = reply.abilities;

  return (
    <>
      {(canHide || canRestore || canThank || canReport) && !reporting && (
        <div className="mt-2 flex flex-wrap gap-2">
          {canThank && (
            <Button
              variant="secondary"
              onClick={() => act.mutate('thank')}
              disabled={act.isPending}
              aria-label={`Thank ${reply.authorName}`}
            >
              <Heart aria-hidden="true" className="h-4 w-4" />
              Thank
            </Button>
          )}
          {canHide && (
            <Button
              variant="ghost"
              onClick={() => act.mutate('hide')}
              disabled={act.isPending}
              aria-label={`Hide the reply by ${reply.authorName}`}
            >
              Hide
            </Button>
          )}
          {canRestore && (
            <Button
              variant="ghost"
              onClick={() => act.mutate('restore')}
              disabled={act.isPending}
              aria-label={`Restore the reply by ${reply.authorName}`}
            >
              Restore
            </Button>
          )}
          {canReport && (
            <Button
              ref={reportButton}
              variant="ghost"
              onClick={() => setReporting(true)}
              aria-label={`Report the reply by ${reply.authorName}`}
            >
              <Flag aria-hidden="true" className="h-4 w-4" />
              Report
            </Button>
          )}
        </div>
      )}
      {reporting && (
        <ReportForm
          reply={reply}
          onClose={(sent) => {
            setReporting(false);
            if (!sent) setTimeout(() => reportButton.current?.focus());
          }}
        />
      )}
    </>
  );
}

function SupportForm({ storyId, storyTitle }: { storyId: string; storyTitle: string }) {
  const form = useForm<SupportIn, unknown, SupportOut>({
    resolver: zodResolver(SupportReplySchema),
    defaultValues: { body: '' },
  });
  const showFieldErrors = useFieldErrors(form.setError, SUPPORT_FIELDS);
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';
  const post = useMutation({
    mutationFn: (input: SupportOut) => postSupport(storyId, input),
    onSuccess: () => {
      toast({ title: 'Words of support posted', description: 'Thank you for your kindness.' });
      form.reset({ body: '' });
    },
    onError: (err) => {
      showFieldErrors(err);
      toast({ title: 'Not posted', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    },
  });
  return (
    <form
      noValidate
      aria-label="Leave words of support"
      className="mt-6 space-y-3"
      onSubmit={form.handleSubmit((input) => post.mutate(input))}
    >
      <TextAreaField
        label="Your words of support"
        hint={`Shown under “${storyTitle}” with your first name and initial, as plain text.`}
        rows={4}
        counter={{ length: body.length, max: SUPPORT_REPLY_MAX }}
        error={form.formState.errors.body?.message}
        {...form.register('body')}
      />
      <Button type="submit" disabled={post.isPending}>
        <MessageCircleHeart aria-hidden="true" className="h-4 w-4" />
        {post.isPending ? 'Posting…' : 'Post words of support'}
      </Button>
    </form>
  );
}

/** The section for a signed-in visitor: the replies as she may see them, what she can do with each, and the form. */
export default function SignedInSupport({
  storyId,
  storyTitle,
  user,
}: {
  storyId: string;
  storyTitle: string;
  user: CurrentUser;
}) {
  const queryClient = useQueryClient();
  // The page came with the replies a signed-out reader sees; her author or moderator view may hold more.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: supportKey(storyId) });
  }, [queryClient, storyId, user.id]);
  return (
    <SupportSection
      storyId={storyId}
      actions={(reply) => <ReplyActions reply={reply} />}
      footer={<SupportForm storyId={storyId} storyTitle={storyTitle} />}
    />
  );
}
