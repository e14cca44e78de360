/**
 * Private documents of a form (an expense's receipts, a fundraiser's treatment plan): each chosen file is uploaded
 * at once, listed with its state and a Remove button; the form sends the uploaded ids.
 */
import { useRef, type ReactNode } from 'react';
import { FileText } from 'lucide-react';
import { errorMessage } from '#client/lib/api.ts';
import { documentLabel } from '#client/lib/format.ts';
import { DOCUMENT_UPLOAD_TYPES, uploadProblem } from '#shared/uploads.ts';
import type { UploadedDocument } from '#client/api/spending.ts';
import { Button } from '#client/components/ui/button.tsx';

export interface DocumentEntry {
  key: number;
  name: string;
  state: 'uploading' | 'done' | 'failed';
  doc?: UploadedDocument;
  error?: string;
}

const DOCUMENT_TYPES = DOCUMENT_UPLOAD_TYPES.join(',');

let nextKey = 1;

/** A document already attached (a saved draft's), listed as uploaded. */
export const attachedEntry = (doc: UploadedDocument, name: string): DocumentEntry => ({
  key: nextKey++,
  name,
  state: 'done',
  doc,
});

export function DocumentsField({
  id,
  legend,
  hint,
  max,
  maxBytes,
  upload,
  entries,
  onChange,
  error,
}: {
  /** The file input's id, so the form can move focus to it. */
  id: string;
  legend: string;
  /** Who may open the files; the kinds and sizes allowed are said after it. */
  hint: ReactNode;
  max: number;
  maxBytes: number;
  upload: (file: File) => Promise<UploadedDocument>;
  entries: DocumentEntry[];
  /** Called with a function of the current entries: uploads finish in any order. */
  onChange: (update: (entries: DocumentEntry[]) => DocumentEntry[]) => void;
  error?: string | undefined;
}) {
  const maxMb = maxBytes / (1024 * 1024);
  const inputId = id;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const kept = entries.filter((e) => e.state !== 'failed').length;
  const full = kept >= max;

  const add = (files: File[]) => {
    const room = max - kept;
    const chosen = files.slice(0, Math.max(0, room)).map((file) => ({ file, key: nextKey++ }));
    // Size and type are checked here, before a byte is sent; the server checks the bytes.
    const problems = new Map(
      chosen.map(({ file, key }) => [key, uploadProblem(file, { what: 'document', kind: 'document', maxBytes })]),
    );
    onChange((current) => [
      ...current,
      ...chosen.map(({ file, key }): DocumentEntry => {
        const problem = problems.get(key);
        if (problem) return { key, name: file.name, state: 'failed', error: problem };
        return { key, name: file.name, state: 'uploading' };
      }),
    ]);
    for (const { file, key } of chosen) {
      if (problems.get(key)) continue;
      upload(file).then(
        (doc) => onChange((current) => current.map((e) => (e.key === key ? { ...e, state: 'done', doc } : e))),
        (err: unknown) =>
          onChange((current) =>
            current.map((e) =>
              e.key === key ? { ...e, state: 'failed', error: errorMessage(err, 'The upload failed; try again.') } : e,
            ),
          ),
      );
    }
  };

  const remove = (key: number) => {
    onChange((current) => current.filter((e) => e.key !== key));
    input.current?.focus();
  };

  return (
    <fieldset className="space-y-3" aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <p id={hintId} className="text-sm text-slate-600">
        PDF, PNG, JPEG or WebP, up to {maxMb} MB each and {max} in all. Each file is uploaded when you choose it. {hint}
      </p>
      {entries.length > 0 && (
        <ul aria-label="Attached documents" className="space-y-2">
          {entries.map((entry) => (
            <li
              key={entry.key}
              className={`flex flex-wrap items-center justify-between gap-2 rounded-xl border px-3 py-2 text-sm ${entry.state === 'failed' ? 'border-red-300 bg-red-50' : 'border-slate-300'}`}
              data-testid="attached-document"
            >
              <span className="flex min-w-0 items-center gap-2">
                <FileText aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
                <span className="min-w-0 break-all">
                  {entry.doc ? (
                    <a
                      href={entry.doc.url}
                      target="_blank"
                      rel="noopener"
                      className="rounded font-semibold text-brand-800 underline"
                    >
                      {entry.name}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <span className="font-semibold text-ink">{entry.name}</span>
                  )}
                  <span className="block text-slate-600" role={entry.state === 'failed' ? 'alert' : 'status'}>
                    {entry.state === 'uploading' && 'Uploading…'}
                    {entry.state === 'done' && entry.doc && `Uploaded (${documentLabel(entry.doc)})`}
                    {entry.state === 'failed' && <span className="text-red-800">Not uploaded: {entry.error}</span>}
                  </span>
                </span>
              </span>
              <Button variant="secondary" onClick={() => remove(entry.key)} disabled={entry.state === 'uploading'}>
                Remove<span className="sr-only"> {entry.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            Add documents
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept={DOCUMENT_TYPES}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            className="mt-1 block text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-brand-200 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = '';
              if (files.length) add(files);
            }}
          />
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}
