import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText } from '@/components/messages/MessageText';
import { CONTACT_MARKER } from '@/lib/conversations/contact-mask';
import ru from '@/messages/ru.json';
import { renderInApp } from '../support/app';

const TEXT = 'Программа тут: https://sopka.travel/go/lazo. Мой номер';

describe('MessageText', () => {
  it('keeps a web address as plain text before a booking is confirmed', () => {
    renderInApp(<MessageText text={TEXT} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(/https:\/\/sopka\.travel\/go\/lazo/)).toBeInTheDocument();
  });

  it('makes it a link that opens apart and passes no ranking once one is', () => {
    renderInApp(<MessageText text={`${TEXT} ${CONTACT_MARKER}`} links />);
    const link = screen.getByRole('link', { name: 'https://sopka.travel/go/lazo' });
    expect(link).toHaveAttribute('href', 'https://sopka.travel/go/lazo');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
    // A contact hidden from an older message stays a chip.
    expect(screen.getByText(ru.conversations.contactHidden)).toBeInTheDocument();
  });
});
