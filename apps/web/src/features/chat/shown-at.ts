/** Screens of providers and staff have no assistant: it is for the public and patients (docs/chat.md). */
const NOT_HERE = /^\/(dochome|doctor\/|admin-home|careslot-signin|provider-verify|company-verify)/;

/** Whether the chat launcher shows on this screen; the cookie banner keeps room for it where it does. */
export function chatShownAt(pathname: string): boolean {
  return !NOT_HERE.test(pathname);
}

/** The cookie banner's room for the launcher (app/shell/cookie-banner.tsx): while it is there, the launcher sits in it. */
export const LAUNCHER_ROOM_ATTRIBUTE = 'data-chat-launcher-room';
