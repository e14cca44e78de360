/** Reading apiRequest errors apart (kept out of api.ts so the public pages' entry script stays small). */

/** The parts of an apiRequest error: HTTP status, the server's message, code and field (when the body is ours). */
export interface ApiErrorInfo {
  /** Null when the request never got an answer (offline, DNS, aborted). */
  status: number | null;
  message: string | null;
  code: string | null;
  field: string | null;
}

export function apiErrorInfo(error: unknown): ApiErrorInfo {
  const none: ApiErrorInfo = { status: null, message: null, code: null, field: null };
  if (!(error instanceof Error)) return none;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return none;
  const info: ApiErrorInfo = { ...none, status: Number(match[1]), message: match[2] || null };
  try {
    const parsed = JSON.parse(match[2]!) as { message?: unknown; code?: unknown; field?: unknown };
    info.message = typeof parsed.message === 'string' && parsed.message ? parsed.message : null;
    info.code = typeof parsed.code === 'string' ? parsed.code : null;
    info.field = typeof parsed.field === 'string' ? parsed.field : null;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return info;
}
