/**
 * What the visitor typed into a server-rendered form (api/src/auth/signed-out-pages.ts) before the
 * console's code arrived, read at the form's first render: hydration would otherwise set the inputs back
 * to the server's empty values. Empty on the server and when the form was not in the page.
 */
export function typedBeforeHydration(formId: string, name: string): string {
  if (typeof document === 'undefined') return '';
  const input = document.getElementById(formId)?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  return input?.value ?? '';
}
