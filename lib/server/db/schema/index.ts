// The tables by domain; the app imports them all from here, and drizzle-kit reads this file (drizzle.config.ts).
export * from './common';
export * from './accounts';
export * from './catalog';
export * from './ideas';
export * from './bookings';
export * from './reviews';
export * from './mail';
export * from './conversations';
export * from './jobs';
export * from './payments';
export * from './payouts';
export * from './database';
