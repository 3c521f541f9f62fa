'use client';

export { LazyRouteError as default } from '@/components/errors/LazyRouteError';
