/** Each signing processor as a card: on or off, its last event and failures, and what to paste into its dashboard. */
import { useState } from 'react';
import { PAYMENT_SOURCE_NAMES, type ProcessorState } from '#shared/schemas/payments.ts';
import { formatWhen } from '#client/lib/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { PROCESSOR_SECRET_VARIABLE } from './payments-model.ts';

function CopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast({
        title: 'Could Not Copy',
        description: 'Select the address and copy it by hand.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Button variant="secondary" aria-label={`Copy ${what}`} onClick={() => void copy()}>
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

function ProcessorCard({ state }: { state: ProcessorState }) {
  const name = PAYMENT_SOURCE_NAMES[state.processor];
  const titleId = `processor-${state.processor}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm"
      data-testid={`processor-${state.processor}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold text-ink">
          {name}
        </h3>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${state.enabled ? 'bg-brand-100 text-brand-900' : 'bg-slate-100 text-slate-800'}`}
        >
          {state.enabled ? 'On' : 'Off'}
        </span>
      </div>
      {state.enabled ? (
        <>
          <p className="mt-2 text-sm text-slate-800">
            {state.lastEventAt
              ? `Last event ${formatWhen(state.lastEventAt)}: ${state.lastEventType ?? 'unknown type'}`
              : 'No event received yet.'}
          </p>
          {state.failuresSinceEvent > 0 && (
            <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
              {state.failuresSinceEvent} failed {state.failuresSinceEvent === 1 ? 'delivery' : 'deliveries'} since then
              {state.lastFailure
                ? `; the last (${state.lastFailureAt ? formatWhen(state.lastFailureAt) : 'recently'}): ${state.lastFailure}`
                : ''}
            </p>
          )}
          <p className="mt-3 text-sm font-semibold text-slate-800">Webhook address for {name}’s dashboard</p>
          <div className="mt-1 flex items-center gap-2">
            <code className="min-w-0 flex-1 rounded-lg bg-slate-100 px-2 py-1.5 text-sm [overflow-wrap:anywhere] text-slate-900">
              {state.webhookUrl}
            </code>
            <CopyButton text={state.webhookUrl} what={`${name}’s webhook address`} />
          </div>
          <p className="mt-3 text-sm font-semibold text-slate-800">Events to choose</p>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {state.events.map((e) => (
              <li key={e}>
                <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm text-slate-900">{e}</code>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-800">
          Set <code className="rounded bg-slate-100 px-1">{PROCESSOR_SECRET_VARIABLE[state.processor]}</code> to turn it
          on; see docs/payments.md
        </p>
      )}
    </li>
  );
}

export function ProcessorsSection({ processors }: { processors: ProcessorState[] | undefined }) {
  return (
    <section aria-labelledby="processors-title" className="mt-8">
      <h2 id="processors-title" className="text-xl font-semibold text-ink">
        Processors
      </h2>
      {processors ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {processors.map((p) => (
            <ProcessorCard key={p.processor} state={p} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-700">Loading the processors…</p>
      )}
    </section>
  );
}
