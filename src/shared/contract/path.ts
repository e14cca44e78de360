/** Builds a call's URL from its endpoint's path (no zod here: the browser's pages load this). */

/** The path with its `:name` segments filled in from `params`, each escaped. */
export function pathOf(path: string, params: unknown): string {
  // The call's type requires every param its path names (CallInput).
  return path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, string>)[name])),
  );
}

/** The path and its query string; empty and undefined values are left out. */
export function withQuery(path: string, query: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}) as [string, unknown][])
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value as string));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
