/** Labelled inputs with their error text wired for assistive technology. */
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

interface FieldProps {
  label: string;
  error?: string | undefined;
}

const INPUT = 'mt-1 w-full rounded-xl border border-slate-400 px-3 text-base aria-[invalid=true]:border-red-700';

/** The label, the control (given its id and ARIA wiring), and the error text. */
function Field({ label, error, id, control }: FieldProps & { id?: string | undefined; control: (aria: Record<string, unknown>) => ReactNode }) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {control({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({ label, error, id, ...props }: FieldProps & ComponentPropsWithRef<'input'>) {
  return <Field label={label} error={error} id={id} control={(aria) => <input className={`${INPUT} h-11`} {...aria} {...props} />} />;
}

export function TextAreaField({ label, error, id, ...props }: FieldProps & ComponentPropsWithRef<'textarea'>) {
  return <Field label={label} error={error} id={id} control={(aria) => <textarea className={`${INPUT} py-2`} {...aria} {...props} />} />;
}
