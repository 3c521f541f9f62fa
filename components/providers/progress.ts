import type { NProgress } from 'nprogress';

/** The progress bar's library, loaded on the first slow navigation (it shows only after 200 ms anyway). */
let loading: Promise<NProgress> | null = null;
const progressBar = () =>
  (loading ??= import('nprogress').then(({ default: bar }) => {
    bar.configure({ showSpinner: false, trickleSpeed: 200 });
    return bar;
  }));

export function startProgress() {
  void progressBar().then((bar) => bar.start());
}

export function stopProgress() {
  if (loading) void loading.then((bar) => bar.done());
}
