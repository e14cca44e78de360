/** Labelled inputs with their error text wired for assistive technology. */
import { useId, type ComponentPropsWithRef } from 'react';

interface FieldProps {
  label: string;
  error?: string | undefined;
}

const INPUT = 'mt-1 w-full rounded-xl border border-slate-400 px-3 text-base aria-[invalid=true]:border-red-700';

function ErrorText({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

export function TextField({ label, error, id, ...props }: FieldProps & ComponentPropsWithRef<'input'>) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={inputId} className={`${INPUT} h-11`} aria-invalid={error ? true : undefined} aria-describedby={error ? `${inputId}-error` : undefined} {...props} />
      <ErrorText id={`${inputId}-error`} error={error} />
    </div>
  );
}

export function TextAreaField({ label, error, id, ...props }: FieldProps & ComponentPropsWithRef<'textarea'>) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea id={inputId} className={`${INPUT} py-2`} aria-invalid={error ? true : undefined} aria-describedby={error ? `${inputId}-error` : undefined} {...props} />
      <ErrorText id={`${inputId}-error`} error={error} />
    </div>
  );
}
