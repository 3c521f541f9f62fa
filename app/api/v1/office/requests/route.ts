import { apiRoute } from '@/lib/server/routes/api-route';
import { listGuideRequests } from '@/lib/server/bookings/booking-queries';

export const GET = apiRoute(async ({ language, viewer }) => listGuideRequests(language, viewer), {
  viewer: 'required',
});
