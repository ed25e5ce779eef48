/**
 * A choice a visitor made on the public site before signing up (a template, a plan), carried in the
 * sign-up link and kept on this browser through sign-up and onboarding until the console uses it.
 * Private mode or a full storage: the choice is a convenience only, silently not kept.
 */
export function visitorChoice<T extends string>(key: string, valid: (value: string) => value is T) {
  return {
    remember(value: string | null): void {
      if (!value || !valid(value)) return;
      try {
        localStorage.setItem(key, value);
      } catch {
        // Not kept.
      }
    },
    current(): T | null {
      try {
        const value = localStorage.getItem(key);
        return value !== null && valid(value) ? value : null;
      } catch {
        return null;
      }
    },
    forget(): void {
      try {
        localStorage.removeItem(key);
      } catch {
        // Nothing to forget.
      }
    },
  };
}
