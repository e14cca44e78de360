/**
 * How the care pages say dates and times: on the patient's clock, as she wrote them (a request at 09:30 is at 09:30
 * in her time zone, whoever reads it), her calendar days read in UTC so a day never moves. Without JSX: the
 * server's page heads read the open-slots title too (src/client/server-pages.ts).
 */
const clockFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "9:30 AM" for "09:30". */
const clock = (time: string) => clockFormat.format(new Date(`1970-01-01T${time}:00Z`));

/** "9:30 AM", or a window "10:00 AM – 12:00 PM". */
export const slotTime = (slot: { startTime: string; endTime: string | null }) =>
  slot.endTime ? `${clock(slot.startTime)} – ${clock(slot.endTime)}` : clock(slot.startTime);

/** "Thursday, March 4" for her calendar day "2027-03-04". */
export const dayHeading = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** The slots under each of her days, in the order given (the server sends them by when they start). */
export function slotsByDay<S extends { day: string }>(slots: readonly S[]): [string, S[]][] {
  const days = new Map<string, S[]>();
  for (const slot of slots) days.set(slot.day, [...(days.get(slot.day) ?? []), slot]);
  return [...days];
}

/** "1 place open", "3 places open". */
export const placesOpen = (open: number) => `${open} ${open === 1 ? 'place' : 'places'} open`;

/** "America/New York" for "America/New_York". */
export const zoneName = (timeZone: string) => timeZone.replaceAll('_', ' ');

/** Her calendar day today ("2027-03-04") in `timeZone`. */
export const todayIn = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** The calendar day `days` after `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The open-slots page's heading, which its head tags repeat. */
export const careOpenSlotsTitle = (patientName: string) => `Help ${patientName} in the weeks after surgery`;
