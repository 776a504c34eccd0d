/** Throws on render, so the crash page can be seen and tested. */
export default function CrashTestPage(): never {
  throw new Error('Crash test: this page fails on purpose.');
}
