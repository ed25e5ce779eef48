/**
 * index.html starts GET /api/public/run for the link's token before the app's code has arrived, so on a
 * slow link the run and the code download at the same time. This hands that request over, once.
 */

interface EarlyRunRequest {
  url: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __turnproofEarlyRun?: EarlyRunRequest;
  }
}

/** `fetch`, except that the first request for the URL index.html asked for answers with that request. */
export function withEarlyRunRequest(doFetch: typeof fetch): typeof fetch {
  return (input, init) => {
    const early = window.__turnproofEarlyRun;
    if (early && typeof input === 'string' && input === early.url) {
      window.__turnproofEarlyRun = undefined;
      return early.response;
    }
    return doFetch(input, init);
  };
}
