/** Reading apiRequest errors apart (kept out of api.ts so the public pages' entry script stays small). */

/** The parts of an apiRequest error: HTTP status, the server's message, code and field errors (when the body is ours). */
export interface ApiErrorInfo {
  /** Null when the request never got an answer (offline, DNS, aborted). */
  status: number | null;
  message: string | null;
  code: string | null;
  /** Each invalid field's path (`amount`, `onboardingData.bio`) and its message; empty when none. */
  fieldErrors: Record<string, string>;
  /** The first invalid field, whose message `message` is; null when the error is about no field. */
  field: string | null;
}

export function apiErrorInfo(error: unknown): ApiErrorInfo {
  const none: ApiErrorInfo = { status: null, message: null, code: null, fieldErrors: {}, field: null };
  if (!(error instanceof Error)) return none;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return none;
  const info: ApiErrorInfo = { ...none, status: Number(match[1]), message: match[2] || null };
  try {
    const parsed = JSON.parse(match[2]!) as { message?: unknown; code?: unknown; fieldErrors?: unknown };
    info.message = typeof parsed.message === 'string' && parsed.message ? parsed.message : null;
    info.code = typeof parsed.code === 'string' ? parsed.code : null;
    info.fieldErrors = stringRecord(parsed.fieldErrors);
    const [first] = Object.entries(info.fieldErrors);
    if (first) {
      info.field = first[0];
      info.message = first[1];
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return info;
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
