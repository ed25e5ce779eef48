/** '$15', '$0.80': plan prices are whole cents. */
export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}
