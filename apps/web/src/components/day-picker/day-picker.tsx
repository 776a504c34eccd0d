import { useId, useRef, type KeyboardEvent } from 'react';
import type { ProviderSlot } from '@careslot/contracts/providers';
import { formatOrdinalDate, parseDateText } from '@careslot/contracts/time';
import styles from './day-picker.module.css';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'DD/MM/YYYY' → weekday, short day and full date; the calendar day itself, whatever the browser's time zone. */
export function describeDay(dateText: string): { weekday: string; short: string; long: string } {
  const d = parseDateText(dateText);
  if (!d) return { weekday: '', short: dateText, long: dateText };
  const weekday = WEEKDAYS[new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay()]!;
  return { weekday, short: `${d.day} ${SHORT_MONTHS[d.month - 1]}`, long: `${weekday}, ${formatOrdinalDate(dateText)}` };
}

/**
 * The availability day picker (the doctor profile's 14 days, and the reschedule dialog): a tab list of days (one tab stop; arrows, Home and End move between days and
 * select them, as in the WAI-ARIA tabs pattern with automatic activation) and the chosen day's times as toggle
 * buttons. Taken times stay visible but disabled.
 */
export function DayPicker({
  days,
  activeDay,
  onDay,
  chosen,
  onChoose,
}: {
  days: [string, ProviderSlot[]][];
  activeDay: string;
  onDay: (date: string) => void;
  chosen: ProviderSlot | null;
  onChoose: (slot: ProviderSlot) => void;
}) {
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(
    0,
    days.findIndex(([date]) => date === activeDay),
  );
  const [date, list] = days[activeIndex]!;

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const last = days.length - 1;
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? Math.min(last, activeIndex + 1)
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? Math.max(0, activeIndex - 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    onDay(days[next]![0]);
    const tab = tabs.current[next];
    tab?.focus();
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }

  return (
    <>
      <div className={styles.dayStrip} role="tablist" aria-label="Choose a day" onKeyDown={onKeyDown}>
        {days.map(([d, slots], i) => {
          const free = slots.filter((x) => x.available).length;
          const active = i === activeIndex;
          const day = describeDay(d);
          return (
            <button
              key={d}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              id={`${id}-tab-${i}`}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={`${id}-panel`}
              tabIndex={active ? 0 : -1}
              className={`${styles.dayButton} ${active ? styles.dayActive : ''} ${free === 0 ? styles.dayFull : ''}`}
              onClick={() => onDay(d)}
            >
              <span className={styles.dayWeekday}>{day.weekday.slice(0, 3)}</span>
              <span className={styles.dayDate}>{day.short}</span>
              <small>{free === 0 ? 'Full' : `${free} free`}</small>
            </button>
          );
        })}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${activeIndex}`} className={styles.day}>
        <h3>{describeDay(date).long}</h3>
        <div className={styles.times} role="group" aria-label={`Times on ${formatOrdinalDate(date) ?? date}`}>
          {list.map((s) => (
            <button
              key={s.slot_id}
              type="button"
              className={`${styles.time} ${chosen?.slot_id === s.slot_id ? styles.timeChosen : ''}`}
              disabled={!s.available}
              data-slot
              aria-pressed={chosen?.slot_id === s.slot_id}
              aria-label={`${s.time} to ${s.end_time} on ${formatOrdinalDate(date)} at ${s.hospital.hospital_name}${s.available ? '' : ', taken'}`}
              onClick={() => onChoose(s)}
            >
              {s.time}
            </button>
          ))}
        </div>
      </div>
    </>
  );
}
