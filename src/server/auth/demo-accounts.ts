/**
 * The people the embedded identity provider lets you sign in as. Demo and tests only: a real
 * deployment signs people in through the corporate provider (OIDC_ISSUER).
 */
export interface DemoAccount {
  sub: string;
  givenName: string;
  familyName: string;
  email: string;
  /** BCP 47 tag, as a corporate directory would send it. */
  locale: string;
  zoneinfo: string;
  /** ISO 3166-1 alpha-2 code of the country the person works in. */
  country: string;
  countryName: string;
  organiser?: boolean;
}

export const demoAccounts: readonly DemoAccount[] = [
  {
    sub: 'demo-ana',
    givenName: 'Ana',
    familyName: 'García',
    email: 'ana.garcia@example.com',
    locale: 'es-ES',
    zoneinfo: 'Europe/Madrid',
    country: 'es',
    countryName: 'España',
  },
  {
    sub: 'demo-luis',
    givenName: 'Luis',
    familyName: 'Hernández',
    email: 'luis.hernandez@example.com',
    locale: 'es-MX',
    zoneinfo: 'America/Mexico_City',
    country: 'mx',
    countryName: 'México',
  },
  {
    sub: 'demo-camille',
    givenName: 'Camille',
    familyName: 'Martin',
    email: 'camille.martin@example.com',
    locale: 'fr-FR',
    zoneinfo: 'Europe/Paris',
    country: 'fr',
    countryName: 'France',
  },
  {
    sub: 'demo-kasia',
    givenName: 'Katarzyna',
    familyName: 'Nowak',
    email: 'katarzyna.nowak@example.com',
    locale: 'pl-PL',
    zoneinfo: 'Europe/Warsaw',
    country: 'pl',
    countryName: 'Polska',
  },
  {
    sub: 'demo-putri',
    givenName: 'Putri',
    familyName: 'Wijaya',
    email: 'putri.wijaya@example.com',
    locale: 'id-ID',
    zoneinfo: 'Asia/Jakarta',
    country: 'id',
    countryName: 'Indonesia',
  },
  {
    sub: 'demo-somchai',
    givenName: 'Somchai',
    familyName: 'Srisuk',
    email: 'somchai.srisuk@example.com',
    locale: 'th-TH',
    zoneinfo: 'Asia/Bangkok',
    country: 'th',
    countryName: 'ประเทศไทย',
  },
  {
    sub: 'demo-linh',
    givenName: 'Linh',
    familyName: 'Nguyễn',
    email: 'linh.nguyen@example.com',
    locale: 'vi-VN',
    zoneinfo: 'Asia/Ho_Chi_Minh',
    country: 'vn',
    countryName: 'Việt Nam',
  },
  {
    sub: 'demo-emily',
    givenName: 'Emily',
    familyName: 'Clark',
    email: 'emily.clark@example.com',
    locale: 'en-US',
    zoneinfo: 'America/New_York',
    country: 'us',
    countryName: 'United States',
  },
  {
    sub: 'demo-olivia',
    givenName: 'Olivia',
    familyName: 'Tremblay',
    email: 'olivia.tremblay@example.com',
    locale: 'en-CA',
    zoneinfo: 'America/Toronto',
    country: 'ca',
    countryName: 'Canada',
  },
  {
    sub: 'demo-rafael',
    givenName: 'Rafael',
    familyName: 'Souza',
    email: 'rafael.souza@example.com',
    locale: 'pt-BR',
    zoneinfo: 'America/Sao_Paulo',
    country: 'br',
    countryName: 'Brasil',
  },
  {
    sub: 'demo-organiser',
    givenName: 'Morgan',
    familyName: 'Lee',
    email: 'morgan.lee@example.com',
    locale: 'en-GB',
    zoneinfo: 'Europe/London',
    country: 'gb',
    countryName: 'United Kingdom',
    organiser: true,
  },
];

export function findDemoAccount(sub: string): DemoAccount | undefined {
  return demoAccounts.find((account) => account.sub === sub);
}
