/**
 * Import a statement: whose and which format, the file; Preview says what importing would do (nothing is written),
 * then Import records it (a money move: step-up). Both uploads show their progress; a bad line is named at the file.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  PAYMENT_SOURCES,
  PAYMENT_SOURCE_NAMES,
  STATEMENT_FORMATS,
  type ImportOutcome,
  type PaymentSource,
  type PreviewFate,
  type StatementFormatKind,
  type StatementPreview,
} from '#shared/schemas/payments.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatCents, formatWhen } from '#client/lib/format.ts';
import { importStatement, previewStatement, type StatementChoice } from '#client/api/payments.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { CheckboxField, SelectField, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { CELL, WideTable } from '#client/components/ui/wide-table.tsx';
import { formatHasDayFirst, STATEMENT_FORMAT_NAMES } from './payments-model.ts';
import { useStepUpRetry } from './payments-step-up.tsx';

const FATES: Record<PreviewFate, string> = {
  known: 'Known already',
  matched: 'Matched to a gift',
  reversal: 'Refund or dispute',
  unmatched: 'To the inbox',
};

function UploadProgress({ sent, label }: { sent: number | null; label: string }) {
  if (sent === null) return null;
  return (
    <div className="mt-3">
      <label htmlFor="statement-progress" className="text-sm text-slate-700">
        {label} {Math.round(sent * 100)}%
      </label>
      <progress id="statement-progress" className="mt-1 block h-2 w-full accent-brand-700" max={1} value={sent} />
    </div>
  );
}

function PreviewView({ preview }: { preview: StatementPreview }) {
  return (
    <div className="mt-6" data-testid="statement-preview">
      <h3 className="text-lg font-semibold text-ink">Preview: {preview.rows} rows</h3>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="What importing would do">
        {(Object.keys(FATES) as PreviewFate[]).map((fate) => (
          <div key={fate} className="rounded-xl border border-slate-200 p-3">
            <dt className="text-sm text-slate-700">{FATES[fate]}</dt>
            <dd className="text-2xl font-bold text-brand-800" data-testid={`preview-${fate}`}>
              {preview.counts[fate]}
            </dd>
          </div>
        ))}
      </dl>
      <WideTable
        label="Statement preview rows"
        caption={`The first ${preview.sample.length} rows and what importing does with each`}
        columns={['Line', 'What happens', 'Kind', 'Amount', 'Fee', 'Date', 'Reference', 'Payer']}
      >
        {preview.sample.map((row) => (
          <tr key={row.line}>
            <td className={CELL}>{row.line}</td>
            <td className={CELL}>{FATES[row.fate]}</td>
            <td className={CELL}>{row.kind}</td>
            <td className={CELL}>{formatCents(row.amount.cents, row.amount.currency)}</td>
            <td className={CELL}>{row.feeCents === null ? '—' : formatCents(row.feeCents, row.amount.currency)}</td>
            <td className={CELL}>{formatWhen(row.occurredAt)}</td>
            <td className={CELL}>{row.reference ?? '—'}</td>
            <td className={CELL}>{row.payerName ?? '—'}</td>
          </tr>
        ))}
      </WideTable>
    </div>
  );
}

function OutcomeView({ outcome }: { outcome: ImportOutcome }) {
  return (
    <div
      role="status"
      className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-4 text-slate-900"
      data-testid="import-outcome"
    >
      <p className="font-semibold">Imported {outcome.rows} rows.</p>
      <p className="mt-1 text-sm">
        {outcome.added} new, {outcome.recorded} recorded as gifts, {outcome.waiting} waiting, {outcome.unmatched} to the
        inbox.
      </p>
    </div>
  );
}

export function ImportCard() {
  const [source, setSource] = useState<PaymentSource>('paypal');
  const [format, setFormat] = useState<StatementFormatKind>('paypal');
  const [dayFirst, setDayFirst] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [sent, setSent] = useState<number | null>(null);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const { ask, prompt } = useStepUpRetry('import this statement');
  const choice: StatementChoice = { source, format, dayFirst: formatHasDayFirst(format) && dayFirst };

  /** Anything chosen anew makes the preview stale. */
  const changed = () => {
    setPreview(null);
    setOutcome(null);
    setFileError(undefined);
  };
  const refused = (err: unknown, title: string) => {
    setSent(null);
    const message = errorMessage(err, 'Please try again.');
    setFileError(message);
    toast({ title, description: message, variant: 'destructive' });
  };

  const previewIt = useMutation({
    mutationFn: (f: File) => previewStatement(choice, f, setSent),
    onSuccess: (answer) => {
      setSent(null);
      setPreview(answer);
    },
    onError: (err) => refused(err, 'Could Not Read the Statement'),
  });
  const importIt = useMutation({
    mutationFn: (f: File) => importStatement(choice, f, setSent),
    onSuccess: (answer) => {
      setSent(null);
      setPreview(null);
      setOutcome(answer);
      toast({ title: 'Statement Imported', description: `${answer.rows} rows read.` });
    },
    onError: (err, f) => {
      setSent(null);
      if (ask(err, () => importIt.mutate(f))) return;
      refused(err, 'Statement Not Imported');
    },
  });
  const busy = previewIt.isPending || importIt.isPending;

  return (
    <Card aria-labelledby="import-title">
      <CardTitle id="import-title">Import a statement</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        Rows already known are skipped, so importing the same statement twice adds nothing.
      </p>
      <form
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) return setFileError('Choose the statement file');
          previewIt.mutate(file);
        }}
      >
        <SelectField
          label="Source"
          value={source}
          onChange={(e) => {
            setSource(e.target.value as PaymentSource);
            changed();
          }}
        >
          {PAYMENT_SOURCES.map((s) => (
            <option key={s} value={s}>
              {PAYMENT_SOURCE_NAMES[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Format"
          value={format}
          onChange={(e) => {
            setFormat(e.target.value as StatementFormatKind);
            changed();
          }}
        >
          {STATEMENT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {STATEMENT_FORMAT_NAMES[f]}
            </option>
          ))}
        </SelectField>
        {formatHasDayFirst(format) && (
          <div className="sm:col-span-2">
            <CheckboxField
              label="Dates are day-first (31/12/2026)"
              hint="Exports made outside the US write the day before the month."
              checked={dayFirst}
              onChange={(e) => {
                setDayFirst(e.target.checked);
                changed();
              }}
            />
          </div>
        )}
        <div className="sm:col-span-2">
          <TextField
            label="Statement file (CSV)"
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block w-full text-base file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
            error={fileError}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              changed();
            }}
          />
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={busy}>
            {previewIt.isPending ? 'Reading…' : 'Preview'}
          </Button>
          {preview && file && (
            <Button disabled={busy} onClick={() => importIt.mutate(file)}>
              {importIt.isPending ? 'Importing…' : `Import ${preview.rows} rows`}
            </Button>
          )}
        </div>
      </form>
      <UploadProgress sent={sent} label={importIt.isPending ? 'Uploading for import' : 'Uploading for preview'} />
      {prompt}
      {preview && <PreviewView preview={preview} />}
      {outcome && <OutcomeView outcome={outcome} />}
    </Card>
  );
}
