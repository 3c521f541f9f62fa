import type { IdeaResource } from '@/lib/contract/ideas';

type Attributes = IdeaResource['attributes'];
type Relationships = IdeaResource['relationships'];

/**
 * What the booking panels and the confirmation read of an idea. An idea page renders its panel on the server and
 * again in the browser, so the panel's props travel in the page's flight data: the whole idea there (description,
 * photos, itinerary, author) was a tenth of an idea page's payload, each byte serialised, parsed and escaped again
 * per render.
 */
export interface BookableIdea {
  id: number;
  hid: string;
  attributes: Pick<
    Attributes,
    | 'title'
    | 'format'
    | 'booking_mode'
    | 'response_hours'
    | 'usual_response_hours'
    | 'cancellation_policy'
    | 'meeting_point'
  >;
  relationships: Pick<Relationships, 'futureDates' | 'ideaPrice' | 'price' | 'bookingParams'> & {
    /** Only the author's id: the author cannot book their own idea. */
    author?: { data: { id: number } };
  };
}

export function bookableIdeaOf({ id, hid, attributes: a, relationships: r }: IdeaResource): BookableIdea {
  return {
    id,
    hid,
    attributes: {
      title: a.title,
      format: a.format,
      booking_mode: a.booking_mode,
      response_hours: a.response_hours,
      usual_response_hours: a.usual_response_hours,
      cancellation_policy: a.cancellation_policy,
      meeting_point: a.meeting_point,
    },
    relationships: {
      futureDates: r.futureDates,
      ideaPrice: r.ideaPrice,
      price: r.price,
      bookingParams: r.bookingParams,
      author: r.author ? { data: { id: r.author.data.id } } : undefined,
    },
  };
}
