/** The icons are one SVG sprite (public/images/social.svg), fetched like an image rather than carried in the first load's JavaScript (docs/performance.md). */
const SOCIAL = [
  { name: 'Facebook', href: 'https://www.facebook.com/careslothealth' },
  { name: 'X', href: 'https://x.com/careslothealth' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/careslothealth' },
  { name: 'Instagram', href: 'https://www.instagram.com/careslothealth' },
  { name: 'YouTube', href: 'https://www.youtube.com/@careslothealth' },
] as const;

/** Five social networks (docs/public-site.md). They open in a new tab, which the label says. */
export function SocialLinks({ className }: { className?: string }) {
  return (
    <ul className={className} aria-label="CareSlot on social media">
      {SOCIAL.map((s) => (
        <li key={s.name}>
          <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`CareSlot on ${s.name} (opens in a new tab)`}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <use href={`/images/social.svg#${s.name.toLowerCase()}`} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
