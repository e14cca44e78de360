/** Error codes shared by server and client; the server maps each to an HTTP status. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** The route wants the admin's password re-entered (POST /api/admin/elevate) within the last 15 minutes. */
  STEP_UP_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every non-2xx JSON body has this shape, and no other keys. */
export interface ErrorBody {
  message: string;
  code?: ErrorCode;
  /** Each invalid field's path (`amount`, `onboardingData.bio`) and its first message. */
  fieldErrors?: Record<string, string>;
  /** With a 409 on a decision: the version of the record as it now stands (the one the decider must read first). */
  currentVersion?: number | string | null;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: Record<string, string> | undefined;
  /** See ErrorBody.currentVersion; set by `AppError.stale`. */
  currentVersion: number | string | null | undefined;
  /**
   * `field`, when given, names the input the message is about: the body carries `fieldErrors: { [field]: message }`.
   * Several fields at once: pass their messages by path (the message is then usually the first of them).
   */
  constructor(code: ErrorCode, message: string, field?: string | Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = typeof field === 'string' ? { [field]: message } : field;
  }
  /** A decision made on a version of a record that is no longer current: 409 with the current version. */
  static stale(message: string, currentVersion: number | string | null): AppError {
    const error = new AppError('CONFLICT', message);
    error.currentVersion = currentVersion;
    return error;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
