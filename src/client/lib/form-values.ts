/** How form inputs that may be left empty become schema values, and which blank a shared message means. */
import { MISSING_INFORMATION_MESSAGE } from '#shared/schemas/admin-donations.ts';

/** An empty number input is "missing" (undefined), not 0 or NaN. */
export const emptyAsMissing = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** An empty select is no choice. */
export const emptyAsNoChoice = (value: unknown) => (value === '' ? undefined : value);

/** The shared rule says "Please fill in the amount and payment method." for either blank; under a field, say which. */
export const missingMessage = (message: string | undefined, missing: string) =>
  message === MISSING_INFORMATION_MESSAGE ? missing : message;
