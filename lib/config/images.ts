/**
 * The image optimizer's widths (next.config `images`). Stored pictures (covers 466×350, large 1200 wide) are
 * resized per device; every width listed here is a srcset candidate of every responsive picture, so the list
 * is short: 40 cards repeat it on /go. lib/images/optimized.ts builds the same srcsets from these lists.
 */
export const IMAGE_DEVICE_SIZES = [360, 480, 828, 1200];
export const IMAGE_SIZES = [96, 160];
/** Next's default and only allowed quality. */
export const IMAGE_QUALITY = 75;
