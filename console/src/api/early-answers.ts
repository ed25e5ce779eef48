declare global {
  interface Window {
    /** Set by index.html's inline script (console/early-api-requests.ts): GET URL -> its JSON, or undefined on failure. */
    __turnproofEarlyAnswers?: Record<string, Promise<unknown>>;
  }
}

/**
 * The answer to a GET that index.html already started for `url`, handed out once: the first ask
 * comes from the page's first render, so the answer is as fresh as a request made then.
 */
export function takeEarlyAnswer<T>(url: string): Promise<T | undefined> | undefined {
  const answers = window.__turnproofEarlyAnswers;
  const answer = answers?.[url];
  if (answers && answer) delete answers[url];
  return answer as Promise<T | undefined> | undefined;
}
