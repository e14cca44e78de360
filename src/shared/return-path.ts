/** Where to go back to after sign-in: checked the same way by the server (/api/login) and the sign-in page. */

const RETURN_PATH_MAX = 500;
/** C0 controls, DEL and C1 controls: a browser drops or rewrites some of them (a tab, a newline), so "/\t/evil.example" could leave the site. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** A same-site path (starts with "/" but not "//" or "/\", no control characters, at most 500 characters), else "/". */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  if (CONTROL_CHARACTERS.test(value) || value.length > RETURN_PATH_MAX) return '/';
  return value;
}
