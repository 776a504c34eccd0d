import { Link } from 'react-router';
import type { ChatReply } from '@careslot/contracts/chat';
import styles from '../chat.module.css';

/**
 * One reply of the assistant: its text, provider cards, links and suggestion chips. Everything is rendered as text
 * (React escapes it); nothing from a message is ever treated as HTML. Links are paths of this site only.
 */
export function ChatReplyView({
  reply,
  onSuggestion,
  disabled,
}: {
  reply: ChatReply;
  onSuggestion: (text: string) => void;
  disabled: boolean;
}) {
  const internal = (href: string) => href.startsWith('/') && !href.startsWith('//');
  return (
    <div className={reply.kind === 'emergency' ? styles.emergency : undefined}>
      <p className={styles.text}>{reply.text}</p>
      {reply.providers && reply.providers.length > 0 && (
        <ul className={styles.cards} aria-label="Providers">
          {reply.providers.map((p) => (
            <li key={p.id} className={styles.card}>
              <Link to={p.profile_path} className={styles.cardName}>
                {p.name}
              </Link>
              <span>{p.speciality}</span>
              <span>
                {p.distance} miles · {p.hospital_name}
              </span>
              <span>{p.next_free ? `Next free: ${p.next_free}` : 'No free time shown'}</span>
              <span>Fee: {p.fee}</span>
            </li>
          ))}
        </ul>
      )}
      {reply.links && reply.links.length > 0 && (
        <ul className={styles.links}>
          {reply.links
            .filter((l) => internal(l.href))
            .map((l) => (
              <li key={`${l.href}-${l.label}`}>
                <Link to={l.href}>{l.label}</Link>
              </li>
            ))}
        </ul>
      )}
      {reply.suggestions && reply.suggestions.length > 0 && (
        <div className={styles.chips} role="group" aria-label="Suggestions">
          {reply.suggestions.map((s) => (
            <button key={s} type="button" className={styles.chip} onClick={() => onSuggestion(s)} disabled={disabled}>
              {s}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
