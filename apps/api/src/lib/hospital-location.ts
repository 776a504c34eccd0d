/** A hospital's one-line location as patients see it: '81 Harborne Road, Birmingham, B15 3HG'. */
export function hospitalLocation(h: { address: string; city: string; postcode: string | null }): string {
  return [h.address, h.city, h.postcode].filter(Boolean).join(', ');
}
