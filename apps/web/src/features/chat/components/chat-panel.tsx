import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { CHAT_MESSAGE_MAX } from '@careslot/contracts/chat';
import { useChat } from '../hooks/use-chat';
import { ChatReplyView } from './chat-reply';
import styles from '../chat.module.css';

/**
 * The chat dialog (docs/chat.md, "The widget"), loaded when the launcher is first pressed (chat-launcher.tsx): a
 * non-modal dialog, so the page stays usable; focus moves to the message box on open and back to the launcher on close;
 * Escape closes; replies are announced through the conversation's live region. It stays mounted once loaded, so closing
 * and opening again keeps the conversation.
 */
export function ChatPanel({
  open,
  onOpenChange,
  launcher,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  launcher: RefObject<HTMLButtonElement | null>;
}) {
  const [draft, setDraft] = useState('');
  const { entries, sending, error, start, send } = useChat();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) void start();
  }, [open, start]);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [entries, sending]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (sending || !draft.trim()) return;
    void send(draft);
    setDraft('');
  };
  const suggest = (text: string) => {
    void send(text);
    inputRef.current?.focus();
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          className={styles.panel}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            inputRef.current?.focus();
          }}
          onInteractOutside={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            launcher.current?.focus();
          }}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>CareSlot assistant</RadixDialog.Title>
            <RadixDialog.Close className={styles.close}>Close chat</RadixDialog.Close>
          </div>
          <RadixDialog.Description className={styles.description}>
            Finds care and answers questions. Not for emergencies: call 999 (UK) or 911 (USA).
          </RadixDialog.Description>
          <div className={styles.log} role="log" aria-live="polite" aria-label="Conversation">
            <ol className={styles.entries}>
              {entries.map((entry) => (
                <li key={entry.id} className={entry.role === 'user' ? styles.user : styles.assistant}>
                  <span className="visually-hidden">{entry.role === 'user' ? 'You said: ' : 'Assistant: '}</span>
                  {entry.reply ? (
                    <ChatReplyView reply={entry.reply} onSuggestion={suggest} disabled={sending} />
                  ) : (
                    <p className={styles.text}>{entry.text}</p>
                  )}
                </li>
              ))}
              {sending && (
                <li className={styles.assistant}>
                  <p className={styles.text}>Thinking…</p>
                </li>
              )}
            </ol>
            <div ref={endRef} />
          </div>
          {error && (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          )}
          <form className={styles.form} onSubmit={submit}>
            <label htmlFor="chat-message" className="visually-hidden">
              Your message
            </label>
            <textarea
              id="chat-message"
              ref={inputRef}
              className={styles.input}
              rows={2}
              maxLength={CHAT_MESSAGE_MAX}
              value={draft}
              placeholder="e.g. a dentist near SW1A 1AA tomorrow"
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  submit();
                }
              }}
            />
            <button type="submit" className={styles.send} disabled={sending || !draft.trim()}>
              Send
            </button>
          </form>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
