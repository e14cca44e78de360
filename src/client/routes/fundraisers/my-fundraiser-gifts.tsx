/**
 * /my-fundraiser once approved: the figures of her public page (raised, goal, gifts), her gifts (a donor's name and
 * message only where the donor agreed to be shown, never an address), and a thank-you mailed to each donor who left
 * an email address with a gift not yet thanked (each gift once).
 */
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { THANK_YOU_MAX, ThankDonorsSchema, type OwnGift } from '#shared/schemas/fundraiser-gifts.ts';
import { formatCents, formatWhen } from '#client/lib/format.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { campaignProgressQuery } from '#client/api/public-fundraisers.ts';
import { getMyGifts, myGiftsKey, thankMyDonors } from '#client/api/my-fundraiser.ts';
import { useFieldErrors } from '#client/hooks/use-field-errors.ts';
import { SubmitButton } from '#client/components/ui/button.tsx';
import { TextAreaField } from '#client/components/ui/field.tsx';
import { PagedList } from '#client/components/ui/paged-list.tsx';
import { toast } from '#client/components/ui/toast.ts';

type ThanksIn = z.input<typeof ThankDonorsSchema>;
type ThanksOut = z.output<typeof ThankDonorsSchema>;
const THANKS_FIELDS = ['message'] as const;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Raised, goal and the number of gifts: the same read as her public page's progress. */
function Figures({ slug }: { slug: string }) {
  const { data } = usePageQuery(campaignProgressQuery(slug));
  const figure = (value: (p: NonNullable<typeof data>) => string) => (data ? value(data) : '…');
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy={!data}>
      {(
        [
          ['Raised', figure((p) => formatCents(p.currentCents))],
          ['Goal', figure((p) => formatCents(p.goalCents))],
          ['Gifts', figure((p) => String(p.donorCount))],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className="rounded-xl border border-brand-100 bg-brand-50 p-3">
          <dt className="text-sm text-slate-700">{label}</dt>
          <dd className="text-lg font-bold break-words text-brand-800" data-testid={`own-${label.toLowerCase()}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function GiftItem({ gift }: { gift: OwnGift }) {
  return (
    <div className="flex items-baseline justify-between gap-4 text-sm" data-testid="own-gift">
      <div className="min-w-0">
        <p className="font-medium text-ink">{gift.name ?? 'Anonymous'}</p>
        {gift.message && <p className="break-words whitespace-pre-wrap text-slate-800">“{gift.message}”</p>}
        <p className="text-slate-600">
          <time dateTime={gift.recordedAt}>{formatWhen(gift.recordedAt)}</time>
        </p>
        {gift.canThank && <p className="text-slate-600">Gets your next thank-you by email</p>}
        {gift.thankedAt && (
          <p className="text-slate-600">
            Thanked <time dateTime={gift.thankedAt}>{formatWhen(gift.thankedAt)}</time>
          </p>
        )}
      </div>
      <p className="shrink-0 font-semibold text-brand-800">{formatCents(gift.amount.cents, gift.amount.currency)}</p>
    </div>
  );
}

function ThankYouForm({ thankable }: { thankable: number }) {
  const form = useForm<ThanksIn, unknown, ThanksOut>({
    resolver: zodResolver(ThankDonorsSchema),
    defaultValues: { message: '' },
  });
  const showFieldErrors = useFieldErrors(form.setError, THANKS_FIELDS);
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const send = useMutation({
    mutationFn: thankMyDonors,
    onSuccess: ({ sent }) => {
      form.reset();
      toast({ title: 'Thank-you sent', description: `It is being mailed to ${plural(sent, 'donor', 'donors')}.` });
    },
    onError: (err) => {
      const message = showFieldErrors(err, 'Please try again.');
      if (message) toast({ title: 'Not sent', description: message, variant: 'destructive' });
    },
  });
  if (thankable === 0)
    return (
      <p className="text-sm text-slate-700">
        No donor is waiting for a thank-you: none has left an email address since your last one. When one does, you can
        send a thank-you here.
      </p>
    );
  return (
    <form noValidate className="space-y-3" onSubmit={form.handleSubmit((input) => send.mutate(input))}>
      <TextAreaField
        label="Your thank-you"
        hint={`Mailed once to each of the ${plural(thankable, 'donor', 'donors')} who left an email address and have not had your thank-you yet. Each gift is thanked once. You never see their addresses.`}
        rows={4}
        counter={{ length: message.length, max: THANK_YOU_MAX }}
        error={form.formState.errors.message?.message}
        {...form.register('message')}
      />
      <SubmitButton pending={send.isPending} pendingLabel="Sending…">
        Send thank-you
      </SubmitButton>
    </form>
  );
}

export function FundraiserGifts({ slug }: { slug: string }) {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const gifts = useQuery({
    queryKey: myGiftsKey(page),
    queryFn: () => getMyGifts(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <section aria-labelledby={titleId} className="space-y-4 border-t border-slate-200 pt-6">
      <h2 id={titleId} className="text-xl font-semibold text-ink">
        Gifts and thanks
      </h2>
      <Figures slug={slug} />
      <PagedList
        query={gifts}
        what="gifts"
        label="Gifts, newest first"
        itemKey={(g) => g.id}
        renderItem={(g) => <GiftItem gift={g} />}
        emptyWhen="list"
        empty={<p className="text-sm text-slate-700">No gift has been recorded yet.</p>}
        busy={gifts.isPlaceholderData}
        pagerLabel="Pages of gifts"
        currentPage={page}
        onPage={setPage}
      />
      <h3 className="font-semibold text-ink">Thank your donors</h3>
      {gifts.data && <ThankYouForm thankable={gifts.data.thankable} />}
    </section>
  );
}
