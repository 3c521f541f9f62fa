import './styles/globals.css';

/** 404 for URLs no route matches at all (the proxy did not route them), in English. */
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body>
        <main style={{ maxWidth: 480, margin: '20vh auto', padding: 24, textAlign: 'center' }}>
          <title>404: This page could not be found</title>
          <p style={{ fontSize: 40, fontWeight: 800, color: '#0b5d7a', margin: 0 }}>404</p>
          <h1>This page could not be found</h1>
          <p>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- outside the locale tree there is no localized Link */}
            <a href="/">Go to the home page</a>
          </p>
        </main>
      </body>
    </html>
  );
}
