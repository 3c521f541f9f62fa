// Where the browser journeys' time goes: Playwright's JSON report (playwright.config.ts writes it) summed per spec
// file, slowest first.

/** Written by Playwright's json reporter at the end of a run. */
export const PLAYWRIGHT_REPORT = 'test-results/e2e-report.json';

/** [spec file, seconds] of every test's runs (both projects, retries included), slowest first. */
export function specSeconds(report) {
  const perFile = new Map();
  const visit = (suite, file) => {
    const spec = suite.file ?? file;
    for (const child of suite.suites ?? []) visit(child, spec);
    for (const test of (suite.specs ?? []).flatMap((s) => s.tests ?? [])) {
      const milliseconds = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
      perFile.set(spec, (perFile.get(spec) ?? 0) + milliseconds / 1000);
    }
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file);
  return [...perFile].sort((a, b) => b[1] - a[1]);
}
