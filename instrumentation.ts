/** Runs once in each server process before it handles requests (`next start` and `next dev`). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { recordPeerAddresses } = await import('@/lib/server/http/peer-address');
  recordPeerAddresses();
}
