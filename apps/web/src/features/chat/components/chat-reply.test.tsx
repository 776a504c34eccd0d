import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatReply } from '@careslot/contracts/chat';
import { ChatReplyView } from './chat-reply';

afterEach(cleanup);

const show = (reply: ChatReply, onSuggestion = vi.fn()) =>
  render(
    <MemoryRouter>
      <ChatReplyView reply={reply} onSuggestion={onSuggestion} disabled={false} />
    </MemoryRouter>,
  );

describe('ChatReplyView', () => {
  it('shows markup in a reply as text, never as HTML', () => {
    const { container } = show({ kind: 'unknown', text: '<img src=x onerror=alert(1)><b>bold</b>' });
    expect(screen.getByText('<img src=x onerror=alert(1)><b>bold</b>')).toBeTruthy();
    expect(container.querySelector('img, b')).toBeNull();
  });

  it('shows provider cards with the name linking to the profile, and the facts as text', () => {
    show({
      kind: 'results',
      text: 'Here is one dentist.',
      providers: [
        {
          id: 'p1',
          name: 'Benjamin Walker',
          speciality: 'Dentist',
          distance: 1.2,
          hospital_name: 'Westminster Bridge Clinic',
          next_free: 'Wed 25 Nov, 9:00 AM',
          fee: '£96.00',
          profile_path: '/doctor-profile/p1/1.2?region=uk',
        },
      ],
    });
    const link = screen.getByRole('link', { name: 'Benjamin Walker' });
    expect(link.getAttribute('href')).toBe('/doctor-profile/p1/1.2?region=uk');
    expect(screen.getByText('Next free: Wed 25 Nov, 9:00 AM')).toBeTruthy();
    expect(screen.getByText('Fee: £96.00')).toBeTruthy();
  });

  it('keeps only links to our own pages', () => {
    show({
      kind: 'help',
      text: 'See below.',
      links: [
        { label: 'Contact us', href: '/contact-us' },
        { label: 'Elsewhere', href: 'https://evil.example' },
        { label: 'Protocol-relative', href: '//evil.example' },
      ],
    });
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual(['Contact us']);
  });

  it('sends a suggestion chip as a message', () => {
    const onSuggestion = vi.fn();
    show({ kind: 'answer', text: 'Hi', suggestions: ['Find a GP'] }, onSuggestion);
    fireEvent.click(screen.getByRole('button', { name: 'Find a GP' }));
    expect(onSuggestion).toHaveBeenCalledWith('Find a GP');
  });
});
