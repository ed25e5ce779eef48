let reporting = false;

/**
 * The page's web vitals go to the API; the reporter loads once the page's first screen has painted, in a
 * chunk of its own (its download and run kept the phone's first paint waiting). The metrics it reports are
 * in the browser's buffer by then. Once per page, from the console's first render.
 */
export function reportWebVitalsAfterPaint(): void {
  // Once (StrictMode runs a development build's effects twice).
  if (reporting) return;
  reporting = true;
  // A frame, then a task: after the paint of the frame that shows the first screen.
  requestAnimationFrame(() =>
    setTimeout(
      () =>
        void import('@turnproof/config/report-web-vitals').then(({ reportWebVitals }) => reportWebVitals('console')),
    ),
  );
}
