import { DateTime } from 'luxon';
import { formatDateText, toTwelveHour } from '@careslot/contracts/time';

/** Whether a slot starts on `dateText` (DD/MM/YYYY) at `time24` (HH:mm), read in its hospital's own time zone. */
export function startsAtLocal(startsAt: Date | string, timeZone: string, dateText: string, time24: string): boolean {
  const local = DateTime.fromJSDate(new Date(startsAt), { zone: timeZone });
  return local.toFormat('dd/MM/yyyy') === dateText && local.toFormat('HH:mm') === time24;
}

/** How a slot is shown: day/month/year text and 12-hour times in the hospital's own time zone. */
export function describeSlot(startsAt: Date | string, endsAt: Date | string, timeZone: string) {
  const start = DateTime.fromJSDate(new Date(startsAt), { zone: timeZone });
  const end = DateTime.fromJSDate(new Date(endsAt), { zone: timeZone });
  return {
    date: formatDateText(start.year, start.month, start.day),
    time: toTwelveHour(start.toFormat('HH:mm'))!,
    end_time: toTwelveHour(end.toFormat('HH:mm'))!,
    consultationTime: Math.round(end.diff(start, 'minutes').minutes),
    starts_at: start.toUTC().toISO()!,
    time_zone: timeZone,
  };
}
