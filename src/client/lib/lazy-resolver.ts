/**
 * A react-hook-form resolver that loads the form's schema, and zod with it, the first time the form validates
 * (its first submit), not with the page: a public page shows its form to many readers who never send it.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export function lazyResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  let loaded: Promise<Resolver<z.input<Schema>, unknown, z.output<Schema>>> | undefined;
  return async (values, context, options) => {
    loaded ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(([schema, resolvers]) =>
      resolvers.zodResolver(schema),
    );
    return (await loaded)(values, context, options);
  };
}
