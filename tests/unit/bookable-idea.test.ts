import { describe, expect, it } from 'vitest';
import { bookableIdeaOf } from '@/lib/bookings/bookable-idea';
import { makeIdea } from '@/tests/support/ideas';

describe('bookableIdeaOf', () => {
  const idea = makeIdea(7, {
    attributes: { description: 'Long text '.repeat(100), booking_mode: 'request', usual_response_hours: 6 },
    relationships: {
      photos: { data: [] },
      ideaItineraries: { data: [] },
      futureDates: {
        data: [
          {
            id: 3,
            hid: 'Date3',
            type: 'ideaDates',
            attributes: { starts_at: '2026-12-01T00:00:00Z', seats_total: 10, seats_left: 4 },
            relationships: {},
          },
        ],
      },
      bookingParams: { data: { min_persons: 1, max_persons: 8, children_allowed: true } },
    },
  });

  it('keeps what booking reads: the departures, prices, group rules, terms and the author to refuse', () => {
    const bookable = bookableIdeaOf(idea);
    expect(bookable.hid).toBe(idea.hid);
    expect(bookable.attributes).toMatchObject({ title: idea.attributes.title, booking_mode: 'request' });
    expect(bookable.attributes.usual_response_hours).toBe(6);
    expect(bookable.relationships.futureDates).toEqual(idea.relationships.futureDates);
    expect(bookable.relationships.bookingParams).toEqual(idea.relationships.bookingParams);
    expect(bookable.relationships.author).toEqual({ data: { id: idea.relationships.author!.data.id } });
  });

  it('leaves out what the page shows elsewhere, which would travel again in its flight data', () => {
    const sent = JSON.stringify(bookableIdeaOf(idea));
    expect(sent).not.toContain('Long text');
    expect(sent).not.toContain('photos');
    expect(sent).not.toContain('ideaItineraries');
    expect(sent).not.toContain(idea.relationships.author!.data.attributes.name);
    expect(sent.length).toBeLessThan(JSON.stringify(idea).length / 3);
  });
});
