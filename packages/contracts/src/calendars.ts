import { z } from 'zod';
import { providerParamsSchema, providerRegionSchema } from './availability';
import { blankable } from './blankable';

/**
 * Clinicians' calendars (docs/calendars.md): the private feed of their bookings and the calendars whose busy times
 * are taken off sale. Passwords travel only towards the server; answers never carry them.
 */

export const calendarMessages = {
  name: 'Give the calendar a name of up to 80 characters, like "Practice calendar".',
  url: 'Enter the calendar link: a web address starting with https:// or http:// (webcal:// links work too).',
  caldavCredentials: 'Enter the user name and app password of the CalDAV account.',
  notFound: 'That calendar is not connected to your account.',
  tooMany: 'You can connect up to 10 calendars. Remove one before adding another.',
  duplicate: 'This calendar is already connected.',
} as const;

export const CALENDAR_KINDS = ['ics', 'caldav'] as const;
export const MAX_CALENDARS = 10;

/** webcal:// is how calendar apps name an https:// subscription. */
export function httpCalendarUrl(value: string): string {
  return value.trim().replace(/^webcals?:\/\//i, 'https://');
}

const urlSchema = z
  .string({ error: calendarMessages.url })
  .trim()
  .max(2000, calendarMessages.url)
  .transform(httpCalendarUrl)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, calendarMessages.url);

export const calendarInputSchema = z
  .object({
    providerRegion: providerRegionSchema,
    name: z.string({ error: calendarMessages.name }).trim().min(1, calendarMessages.name).max(80, calendarMessages.name),
    kind: z.enum(CALENDAR_KINDS, { error: "kind is 'ics' (a calendar link) or 'caldav'." }),
    url: urlSchema,
    username: blankable(z.string().trim().max(200, calendarMessages.caldavCredentials)),
    password: blankable(z.string().max(500, calendarMessages.caldavCredentials)),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'caldav' && (!v.username || !v.password))
      ctx.addIssue({ code: 'custom', path: [v.username ? 'password' : 'username'], message: calendarMessages.caldavCredentials });
  });

export const calendarParamsSchema = providerParamsSchema.extend({
  calendarId: z.uuid({ error: 'That calendar id is not valid.' }),
});
export const calendarRegionBodySchema = z.object({ providerRegion: providerRegionSchema });

export const connectedCalendarSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CALENDAR_KINDS),
  url: z.string(),
  /** Last sync that succeeded (ISO instant); null before the first. */
  last_synced_at: z.string().nullable(),
  /** Busy periods from now on (recurrences expanded) in force from the last good sync. */
  busy_events: z.number().int(),
  /** Free future slots these busy periods hide from patients. */
  slots_hidden: z.number().int(),
  /** The last sync's failure, for people; null when the last sync succeeded. */
  error: z.string().nullable(),
});
export type ConnectedCalendar = z.infer<typeof connectedCalendarSchema>;
export const calendarsResponseSchema = z.object({ calendars: z.array(connectedCalendarSchema) });
export const calendarDeletedSchema = z.object({ deleted: z.literal(true) });

export const calendarFeedSchema = z.object({
  /**
   * The https:// subscription link. In full only in the answer that made it (the first GET, or a rotation); later
   * answers show it with the secret part hidden (`masked` true), since only its hash is kept.
   */
  url: z.string(),
  masked: z.boolean(),
  /** Whether the patient's stated reason for the visit is written into the events. */
  show_concern: z.boolean(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedPatchSchema = z.object({
  providerRegion: providerRegionSchema,
  show_concern: z.boolean({ error: 'show_concern is true or false.' }),
});
export const calendarFeedDeletedSchema = z.object({ deleted: z.boolean() });

/** webcal:// form of a feed link, which calendar apps open as a subscription. */
export const webcalUrl = (httpsUrl: string) => httpsUrl.replace(/^https?:\/\//, 'webcal://');
