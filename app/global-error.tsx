'use client';

/**
 * The last fallback, used when even the error page fails. It cannot rely on translations,
 * fonts or the layout, so it is plain English with inline styles.
 */
export default function GlobalError() {
  return (
    <html lang="en">
      <body style={{ margin: 0, fontFamily: 'system-ui, sans-serif', color: '#10212b', background: '#f6f1ea' }}>
        <main style={{ maxWidth: 480, margin: '20vh auto', padding: 24, textAlign: 'center' }}>
          <h1 style={{ fontSize: 24 }}>An error occurred while showing the error page</h1>
          <p>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full reload is the point here */}
            <a href="/" style={{ color: '#0b5d7a', fontWeight: 700 }}>
              Go to the home page
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
