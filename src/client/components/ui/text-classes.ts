/** Class names for text that many pages share (their own module: a page using one loads no page frames). */

/** An inline text link in running text. */
export const linkClass = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';
/** The classes of a page's h1. */
export const pageTitleClass = 'text-3xl font-bold tracking-tight text-ink';
