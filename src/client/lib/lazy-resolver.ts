/**
 * A react-hook-form resolver that loads the form's schema, and zod with it, the first time the form validates
 * (its first submit), not with the page: a public page shows its form to many readers who never send it.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { zodResolver } from '@hookform/resolvers/zod';

type Schema = Parameters<typeof zodResolver>[0];

export function lazyResolver<Values extends FieldValues>(loadSchema: () => Promise<Schema>): Resolver<Values> {
  let loaded: Promise<Resolver<Values>> | undefined;
  return async (values, context, options) => {
    loaded ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, resolvers]) => resolvers.zodResolver(schema) as unknown as Resolver<Values>,
    );
    return (await loaded)(values, context, options);
  };
}
