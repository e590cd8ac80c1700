/**
 * The four regions a team belongs to, in the order every menu and list shows them. Here, not in
 * the zod contracts, so that the browser can list them without loading zod (ADR 0023).
 */
export const REGIONS = ['ASEAN', 'LATAM', 'EUROPE', 'US_CANADA'] as const;
export type Region = (typeof REGIONS)[number];
