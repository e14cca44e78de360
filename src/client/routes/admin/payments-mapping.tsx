/** Column mapping for Custom CSV statements: which column holds what, saved once per source. */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CURRENCIES } from '#shared/constants.ts';
import {
  ColumnMappingSchema,
  PAYMENT_SOURCES,
  PAYMENT_SOURCE_NAMES,
  type ColumnMapping,
  type PaymentSource,
} from '#shared/schemas/payments.ts';
import { errorMessage } from '#client/lib/api.ts';
import { mappingQuery, saveMapping } from '#client/api/payments.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { CheckboxField, SelectField, TextField } from '#client/components/ui/field.tsx';
import { toast } from '#client/components/ui/toast.ts';

const COLUMNS = [
  ['date', 'Date column', true],
  ['amount', 'Amount column', true],
  ['fee', 'Fee column (optional)', false],
  ['currency', 'Currency column (optional)', false],
  ['name', 'Payer name column (optional)', false],
  ['email', 'Payer email column (optional)', false],
  ['note', 'Note column (optional)', false],
  ['type', 'Type column (optional)', false],
  ['id', 'Transaction id column (optional)', false],
] as const;
type Column = (typeof COLUMNS)[number][0];

interface Draft {
  columns: Record<Column, string>;
  defaultCurrency: string;
  decimalComma: boolean;
  dayFirst: boolean;
}

const draftOf = (m: ColumnMapping | null): Draft => ({
  columns: Object.fromEntries(COLUMNS.map(([key]) => [key, m?.[key] ?? ''])) as Record<Column, string>,
  defaultCurrency: m?.defaultCurrency ?? '',
  decimalComma: m?.decimalComma ?? false,
  dayFirst: m?.dayFirst ?? false,
});

/** The mapping as PUT takes it: empty optional columns left out. */
function bodyOf(d: Draft) {
  const columns = Object.fromEntries(Object.entries(d.columns).filter(([, v]) => v.trim() !== ''));
  return {
    ...columns,
    ...(d.defaultCurrency ? { defaultCurrency: d.defaultCurrency } : {}),
    decimalComma: d.decimalComma,
    dayFirst: d.dayFirst,
  };
}

function MappingForm({ source, saved }: { source: PaymentSource; saved: ColumnMapping | null }) {
  const [draft, setDraft] = useState(() => draftOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: ColumnMapping) => saveMapping(source, body),
    onSuccess: () =>
      toast({ title: 'Mapping Saved', description: `Custom CSVs from ${PAYMENT_SOURCE_NAMES[source]} read this way.` }),
    onError: (err) =>
      toast({
        title: 'Mapping Not Saved',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const setColumn = (key: Column, value: string) => setDraft({ ...draft, columns: { ...draft.columns, [key]: value } });
  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const body = bodyOf(draft);
        const parsed = ColumnMappingSchema.safeParse(body);
        if (!parsed.success) {
          setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
          return;
        }
        setErrors({});
        save.mutate(parsed.data);
      }}
    >
      <p className="text-sm text-slate-700">
        {saved ? 'The saved mapping:' : `No mapping saved for ${PAYMENT_SOURCE_NAMES[source]} yet.`} Name each column as
        the file’s first line writes it.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        {COLUMNS.map(([key, label, required]) => (
          <TextField
            key={key}
            label={label}
            required={required}
            maxLength={100}
            autoComplete="off"
            value={draft.columns[key]}
            error={errors[key]}
            onChange={(e) => setColumn(key, e.target.value)}
          />
        ))}
        <SelectField
          label="Default currency (optional)"
          value={draft.defaultCurrency}
          error={errors.defaultCurrency}
          onChange={(e) => setDraft({ ...draft, defaultCurrency: e.target.value })}
        >
          <option value="">None</option>
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      </div>
      <CheckboxField
        label="Amounts use a decimal comma (12,50)"
        checked={draft.decimalComma}
        onChange={(e) => setDraft({ ...draft, decimalComma: e.target.checked })}
      />
      <CheckboxField
        label="Dates are day-first (31/12/2026)"
        checked={draft.dayFirst}
        onChange={(e) => setDraft({ ...draft, dayFirst: e.target.checked })}
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save mapping'}
      </Button>
    </form>
  );
}

export function MappingCard() {
  const [source, setSource] = useState<PaymentSource>('other');
  const mapping = useQuery(mappingQuery(source));
  return (
    <Card aria-labelledby="mapping-title">
      <CardTitle id="mapping-title">Column mapping for Custom CSV</CardTitle>
      <p className="mt-1 text-sm text-slate-700">
        For a statement in no format above: say once per source which column holds what.
      </p>
      <div className="mt-4 max-w-xs">
        <SelectField
          label="Mapping for source"
          value={source}
          onChange={(e) => setSource(e.target.value as PaymentSource)}
        >
          {PAYMENT_SOURCES.map((s) => (
            <option key={s} value={s}>
              {PAYMENT_SOURCE_NAMES[s]}
            </option>
          ))}
        </SelectField>
      </div>
      {mapping.isPending ? (
        <p className="mt-4 text-slate-700">Loading the mapping…</p>
      ) : mapping.isError ? (
        <p role="alert" className="mt-4 text-red-900">
          Could not load the mapping: {errorMessage(mapping.error, 'Please try again.')}
        </p>
      ) : (
        // A fresh form per source and per saved mapping.
        <MappingForm key={`${source}-${JSON.stringify(mapping.data)}`} source={source} saved={mapping.data} />
      )}
    </Card>
  );
}
