/** Cents as the specification writes prices: two decimals and the euro sign, '12.50 €'. */
export function formatEuros(cents: number): string {
  return `${(cents / 100).toFixed(2)} €`;
}
