/** Labelled inputs with their error text wired for assistive technology. */
import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CURRENCIES } from '#shared/constants.ts';
import { CharacterCount } from '#client/components/character-count.tsx';

interface FieldProps {
  label: string;
  error?: string | undefined;
  /** A hint under the label, read with the control. */
  hint?: ReactNode;
}

const INPUT = 'mt-1 w-full rounded-xl border border-slate-400 px-3 text-base aria-[invalid=true]:border-red-700';

function ErrorText({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-800">
      {error}
    </p>
  );
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** Ids for a control, its hint and its error, and the ARIA attributes that tie them together. */
function useFieldWiring(id: string | undefined, hint: ReactNode, error: string | undefined, counted = false) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const countId = `${inputId}-count`;
  const aria = {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint ? hintId : undefined, counted && countId, error ? errorId : undefined),
  };
  return { inputId, errorId, hintId, countId, aria };
}

function HintText({ id, hint }: { id: string; hint: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={id} className="text-sm text-slate-600">
      {hint}
    </p>
  );
}

/** Splits a field component's props into the Field's (label, error, hint, id) and the control's. */
function splitField<P extends FieldProps & { id?: string | undefined }>({ label, error, hint, id, ...control }: P) {
  return [{ label, error, hint, id }, control] as const;
}

/** The label, the control (given its id and ARIA wiring), and the error text. */
function Field({
  label,
  error,
  hint,
  id,
  control,
  counter,
}: FieldProps & {
  id?: string | undefined;
  control: (aria: Record<string, unknown>) => ReactNode;
  counter?: Counter | undefined;
}) {
  const { inputId, errorId, hintId, countId, aria } = useFieldWiring(id, hint, error, counter !== undefined);
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <HintText id={hintId} hint={hint} />
      {control(aria)}
      {counter && <CharacterCount id={countId} {...counter} />}
      <ErrorText id={errorId} error={error} />
    </div>
  );
}

/** A text box's length as typed and its limit, for the live count under it. */
interface Counter {
  length: number;
  max: number;
}

type TextFieldProps = FieldProps & ComponentPropsWithRef<'input'>;

export function TextField(all: TextFieldProps) {
  const [field, props] = splitField(all);
  return <Field {...field} control={(aria) => <input className={`${INPUT} h-11`} {...aria} {...props} />} />;
}

/** The email input every form asks with: labelled "Email", typed and autocompleted as one. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'>) {
  return <TextField label="Email" type="email" autoComplete="email" {...props} />;
}

/** A money amount in dollars and cents (a decimal keypad, cents as the step, never below 0). */
export function AmountField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'step' | 'min'>) {
  return <TextField type="number" inputMode="decimal" step="0.01" min="0" {...props} />;
}

/** First and last name side by side, as registration and the profile ask them. */
export function NameFields({
  first,
  last,
}: {
  first: Omit<TextFieldProps, 'label'>;
  last: Omit<TextFieldProps, 'label'>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="First name" autoComplete="given-name" {...first} />
      <TextField label="Last name" autoComplete="family-name" {...last} />
    </div>
  );
}

/**
 * A multi-line text box. With `counter` it shows the live count under it and has no maxLength: what she types or
 * pastes past the limit is kept and counted, never cut off without a word.
 */
export function TextAreaField({
  counter,
  ...all
}: FieldProps & ComponentPropsWithRef<'textarea'> & { counter?: Counter }) {
  const [field, props] = splitField(all);
  return (
    <Field
      {...field}
      counter={counter}
      control={(aria) => <textarea className={`${INPUT} py-2`} {...aria} {...props} />}
    />
  );
}

export function SelectField({ children, ...all }: FieldProps & ComponentPropsWithRef<'select'>) {
  const [field, props] = splitField(all);
  return (
    <Field
      {...field}
      control={(aria) => (
        <select className={`${INPUT} h-11 bg-white`} {...aria} {...props}>
          {children}
        </select>
      )}
    />
  );
}

/** A select of the currencies the campaign takes, labelled "Currency" unless told otherwise. */
export function CurrencyField({
  label = 'Currency',
  ...props
}: Omit<Parameters<typeof SelectField>[0], 'label' | 'children'> & { label?: string }) {
  return (
    <SelectField label={label} {...props}>
      {CURRENCIES.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </SelectField>
  );
}

/** A password input with a show/hide toggle (a pressed-state button beside it). */
export function PasswordField(all: FieldProps & Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  const [field, props] = splitField(all);
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...field}
      control={(aria) => (
        <div className="relative">
          <input className={`${INPUT} h-11 pr-24`} type={shown ? 'text' : 'password'} {...aria} {...props} />
          <button
            type="button"
            aria-pressed={shown}
            aria-controls={aria.id as string}
            aria-label={shown ? 'Hide password' : 'Show password'}
            onClick={() => setShown((v) => !v)}
            className="absolute top-1/2 right-1.5 mt-0.5 -translate-y-1/2 rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    />
  );
}

/** A single checkbox with its label beside it. */
export function CheckboxField({
  label,
  error,
  hint,
  id,
  ...props
}: FieldProps & Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  const { inputId, errorId, hintId, aria } = useFieldWiring(id, hint, error);
  return (
    <div>
      <div className="flex items-start gap-3">
        <input type="checkbox" className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700" {...aria} {...props} />
        <div>
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            {label}
          </label>
          <HintText id={hintId} hint={hint} />
        </div>
      </div>
      <ErrorText id={errorId} error={error} />
    </div>
  );
}

export interface ChoiceOption {
  value: string;
  label: string;
  description?: string;
}

/** A fieldset of checkboxes (a list answer) or radios (one answer), bound to one form field. */
function ChoiceGroup({
  type,
  legend,
  hint,
  error,
  options,
  registration,
  columns = 1,
}: {
  type: 'checkbox' | 'radio';
  legend: string;
  hint?: ReactNode;
  error?: string | undefined;
  options: readonly ChoiceOption[];
  registration: UseFormRegisterReturn;
  columns?: 1 | 2 | 3;
}) {
  const { inputId: groupId, errorId, hintId, aria } = useFieldWiring(undefined, hint, error);
  const grid = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' }[columns];
  return (
    <fieldset aria-describedby={aria['aria-describedby']}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <HintText id={hintId} hint={hint} />
      <div className={`mt-2 grid gap-2 ${grid}`}>
        {options.map((option, i) => {
          const optionId = `${groupId}-${i}`;
          return (
            <div
              key={option.value}
              className={`flex items-start gap-3 rounded-xl border px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 ${error ? 'border-red-700' : 'border-slate-300'}`}
            >
              <input
                id={optionId}
                type={type}
                value={option.value}
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
                {...registration}
              />
              <label htmlFor={optionId} className="text-sm text-slate-800">
                <span className="font-medium">{option.label}</span>
                {option.description && <span className="block text-slate-600">{option.description}</span>}
              </label>
            </div>
          );
        })}
      </div>
      <ErrorText id={errorId} error={error} />
    </fieldset>
  );
}

type GroupProps = Omit<Parameters<typeof ChoiceGroup>[0], 'type'>;

export const CheckboxGroupField = (props: GroupProps) => <ChoiceGroup type="checkbox" {...props} />;
export const RadioGroupField = (props: GroupProps) => <ChoiceGroup type="radio" {...props} />;

/** A form-level message (e.g. a failed sign-in) announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      {children}
    </div>
  );
}
