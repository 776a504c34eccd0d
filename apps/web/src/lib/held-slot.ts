/**
 * Until when this patient's own hold on a slot lasts, remembered for the browser tab (session storage), so a reload in
 * the middle of a checkout still shows it. The server is the judge of the hold; this only keeps the time to display.
 */
const key = (doctorId: string, date: string, time: string) => `careslot.hold.${doctorId}.${date}.${time}`;

export function readHeldUntil(doctorId: string, date: string, time: string, now = new Date()): Date | null {
  try {
    const saved = sessionStorage.getItem(key(doctorId, date, time));
    return saved && new Date(saved) > now ? new Date(saved) : null;
  } catch {
    return null;
  }
}

export function rememberHeldUntil(doctorId: string, date: string, time: string, until: Date): void {
  try {
    sessionStorage.setItem(key(doctorId, date, time), until.toISOString());
  } catch {
    // Storage disabled: the time shows until the page is reloaded.
  }
}

export function forgetHeld(doctorId: string, date: string, time: string): void {
  try {
    sessionStorage.removeItem(key(doctorId, date, time));
  } catch {
    // Nothing was remembered.
  }
}
