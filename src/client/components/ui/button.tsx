import type { ComponentPropsWithRef, ReactNode } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'destructive';
type Size = 'md' | 'lg';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
  secondary: 'border border-brand-200 bg-white text-brand-800 hover:bg-brand-50 disabled:text-slate-500',
  ghost: 'text-brand-800 hover:bg-brand-50',
  destructive: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
};
const SIZES: Record<Size, string> = { md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base' };

/** Classes for button-looking things (buttons, links styled as buttons). */
export function buttonClass(variant: Variant = 'primary', size: Size = 'md', extra = ''): string {
  return `inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${SIZES[size]} ${extra}`;
}

export function Button({
  variant,
  size,
  className = '',
  type = 'button',
  ...props
}: ComponentPropsWithRef<'button'> & { variant?: Variant; size?: Size }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

type ButtonProps = ComponentPropsWithRef<'button'> & { variant?: Variant; size?: Size };

/** A form's submit button, disabled and relabelled while the request is on its way. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  ...props
}: Omit<ButtonProps, 'type' | 'disabled'> & { pending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={pending} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** The submit button of a small inline form with its Cancel button beside it. */
export function SubmitRow({
  pending,
  pendingLabel,
  children,
  variant,
  submitClassName,
  onCancel,
  cancelVariant = 'ghost',
  className = 'flex gap-2',
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
  variant?: Variant;
  submitClassName?: string;
  onCancel: () => void;
  cancelVariant?: Variant;
  className?: string;
}) {
  return (
    <div className={className}>
      <SubmitButton variant={variant} className={submitClassName} pending={pending} pendingLabel={pendingLabel}>
        {children}
      </SubmitButton>
      <Button variant={cancelVariant} onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
