import type { ComponentPropsWithoutRef } from 'react';

export function Card({ className = '', ...props }: ComponentPropsWithoutRef<'section'>) {
  return <section className={`rounded-2xl border border-brand-100 bg-white p-6 shadow-sm ${className}`} {...props} />;
}

export function CardTitle({ className = '', ...props }: ComponentPropsWithoutRef<'h2'>) {
  return <h2 className={`text-xl font-semibold text-ink ${className}`} {...props} />;
}
