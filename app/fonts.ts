import localFont from 'next/font/local';

// Manrope (self-hosted from @fontsource-variable/manrope): one family per script subset, so a page
// downloads only the subsets its text uses; CJK text falls through to the system fonts.
export const manropeLatin = localFont({
  src: '../node_modules/@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2',
  weight: '200 800',
  display: 'swap',
  variable: '--font-latin',
  declarations: [
    {
      prop: 'unicode-range',
      value:
        'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+20BD, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
    },
  ],
});

export const manropeCyrillic = localFont({
  src: '../node_modules/@fontsource-variable/manrope/files/manrope-cyrillic-wght-normal.woff2',
  weight: '200 800',
  display: 'swap',
  variable: '--font-cyrillic',
  declarations: [{ prop: 'unicode-range', value: 'U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116' }],
});
