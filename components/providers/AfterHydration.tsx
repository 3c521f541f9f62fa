'use client';

import { Suspense } from 'react';
import { FavouritesSync } from '@/components/favourites/FavouritesSync';
import { ChunkReloadGuard } from './ChunkReloadGuard';
import { PageViews } from './PageViews';
import { SignedInDataGuard } from './SignedInDataGuard';

/**
 * The providers that nothing on screen waits for, loaded once the page has hydrated (Providers): the analytics
 * hit, the reload after a deployment, dropping a previous user's answers and saving the browser's favourites to a
 * new session. Each acts on the state it finds when it mounts.
 */
export default function AfterHydration({ analyticsCounterId }: { analyticsCounterId: string | null }) {
  return (
    <>
      <Suspense fallback={null}>
        <PageViews analyticsCounterId={analyticsCounterId} />
      </Suspense>
      <ChunkReloadGuard />
      <SignedInDataGuard />
      <FavouritesSync />
    </>
  );
}
