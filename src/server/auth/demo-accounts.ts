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

/**
 * People for the end-to-end specs (tests/e2e/): each spec file signs in only as its own, so that
 * what one spec does (registering, playing, changing a team) is never what another sees, and the
 * files pass alone and in any order. The sign-in page lists them apart, folded away.
 */
export const testAccounts: readonly DemoAccount[] = [
  // organise-authoring.spec.ts
  {
    sub: 'test-aisha',
    givenName: 'Aisha',
    familyName: 'Khan',
    email: 'aisha.khan@example.com',
    locale: 'en-GB',
    zoneinfo: 'Europe/London',
    country: 'gb',
    countryName: 'United Kingdom',
    organiser: true,
  },
  {
    sub: 'test-zofia',
    givenName: 'Zofia',
    familyName: 'Wiśniewska',
    email: 'zofia.wisniewska@example.com',
    locale: 'pl-PL',
    zoneinfo: 'Europe/Warsaw',
    country: 'pl',
    countryName: 'Polska',
  },
  {
    sub: 'test-chloe',
    givenName: 'Chloé',
    familyName: 'Dubois',
    email: 'chloe.dubois@example.com',
    locale: 'fr-FR',
    zoneinfo: 'Europe/Paris',
    country: 'fr',
    countryName: 'France',
  },
  // organise-gaps.spec.ts (Spain: a team and region no other spec counts)
  {
    sub: 'test-javier',
    givenName: 'Javier',
    familyName: 'Moreno',
    email: 'javier.moreno@example.com',
    locale: 'es-ES',
    zoneinfo: 'Europe/Madrid',
    country: 'es',
    countryName: 'España',
  },
  // organise-players.spec.ts
  {
    sub: 'test-oliver',
    givenName: 'Oliver',
    familyName: 'Bennett',
    email: 'oliver.bennett@example.com',
    locale: 'en-GB',
    zoneinfo: 'Europe/London',
    country: 'gb',
    countryName: 'United Kingdom',
    organiser: true,
  },
  {
    sub: 'test-thiago',
    givenName: 'Thiago',
    familyName: 'Costa',
    email: 'thiago.costa@example.com',
    locale: 'pt-BR',
    zoneinfo: 'America/Sao_Paulo',
    country: 'br',
    countryName: 'Brasil',
  },
  {
    sub: 'test-mai',
    givenName: 'Mai',
    familyName: 'Trần',
    email: 'mai.tran@example.com',
    locale: 'vi-VN',
    zoneinfo: 'Asia/Ho_Chi_Minh',
    country: 'vn',
    countryName: 'Việt Nam',
  },
  // organise-season.spec.ts
  {
    sub: 'test-grace',
    givenName: 'Grace',
    familyName: 'Walsh',
    email: 'grace.walsh@example.com',
    locale: 'en-IE',
    zoneinfo: 'Europe/Dublin',
    country: 'ie',
    countryName: 'Ireland',
    organiser: true,
  },
  {
    sub: 'test-joao',
    givenName: 'João',
    familyName: 'Pereira',
    email: 'joao.pereira@example.com',
    locale: 'pt-PT',
    zoneinfo: 'Europe/Lisbon',
    country: 'pt',
    countryName: 'Portugal',
  },
  // registration.spec.ts
  {
    sub: 'test-jacob',
    givenName: 'Jacob',
    familyName: 'Miller',
    email: 'jacob.miller@example.com',
    locale: 'en-US',
    zoneinfo: 'America/Chicago',
    country: 'us',
    countryName: 'United States',
  },
  // rules.spec.ts
  {
    sub: 'test-noah',
    givenName: 'Noah',
    familyName: 'Wilson',
    email: 'noah.wilson@example.com',
    locale: 'en-CA',
    zoneinfo: 'America/Vancouver',
    country: 'ca',
    countryName: 'Canada',
  },
  {
    sub: 'test-valentina',
    givenName: 'Valentina',
    familyName: 'Torres',
    email: 'valentina.torres@example.com',
    locale: 'es-CO',
    zoneinfo: 'America/Bogota',
    country: 'co',
    countryName: 'Colombia',
  },
  // screens.spec.ts
  {
    sub: 'test-lena',
    givenName: 'Lena',
    familyName: 'Schmidt',
    email: 'lena.schmidt@example.com',
    locale: 'de-DE',
    zoneinfo: 'Europe/Berlin',
    country: 'de',
    countryName: 'Deutschland',
  },
  {
    sub: 'test-sam',
    givenName: 'Sam',
    familyName: 'Taylor',
    email: 'sam.taylor@example.com',
    locale: 'en-GB',
    zoneinfo: 'Europe/London',
    country: 'gb',
    countryName: 'United Kingdom',
    organiser: true,
  },
  {
    sub: 'test-dewi',
    givenName: 'Dewi',
    familyName: 'Santoso',
    email: 'dewi.santoso@example.com',
    locale: 'id-ID',
    zoneinfo: 'Asia/Jakarta',
    country: 'id',
    countryName: 'Indonesia',
  },
  {
    sub: 'test-nadia',
    givenName: 'Nadia',
    familyName: 'Rahman',
    email: 'nadia.rahman@example.com',
    locale: 'ms-MY',
    zoneinfo: 'Asia/Kuala_Lumpur',
    country: 'my',
    countryName: 'Malaysia',
  },
  {
    sub: 'test-maria',
    givenName: 'Maria',
    familyName: 'Santos',
    email: 'maria.santos@example.com',
    locale: 'fil-PH',
    zoneinfo: 'Asia/Manila',
    country: 'ph',
    countryName: 'Pilipinas',
  },
  // season-over.spec.ts
  {
    sub: 'test-ava',
    givenName: 'Ava',
    familyName: 'Johnson',
    email: 'ava.johnson@example.com',
    locale: 'en-US',
    zoneinfo: 'America/Los_Angeles',
    country: 'us',
    countryName: 'United States',
  },
  // sign-in.spec.ts
  {
    sub: 'test-ryan',
    givenName: 'Ryan',
    familyName: 'Cooper',
    email: 'ryan.cooper@example.com',
    locale: 'en-US',
    zoneinfo: 'America/Denver',
    country: 'us',
    countryName: 'United States',
  },
  {
    sub: 'test-emma',
    givenName: 'Emma',
    familyName: 'Roy',
    email: 'emma.roy@example.com',
    locale: 'en-CA',
    zoneinfo: 'America/Toronto',
    country: 'ca',
    countryName: 'Canada',
  },
  // retry.spec.ts
  {
    sub: 'test-lucia',
    givenName: 'Lucía',
    familyName: 'Fernández',
    email: 'lucia.fernandez@example.com',
    locale: 'es-ES',
    zoneinfo: 'Europe/Madrid',
    country: 'es',
    countryName: 'España',
    organiser: true,
  },
  // scripts/engines/ (the main path in Firefox ESR and WebKitGTK, one person per engine)
  {
    sub: 'test-farah',
    givenName: 'Farah',
    familyName: 'Aziz',
    email: 'farah.aziz@example.com',
    locale: 'en-GB',
    zoneinfo: 'Asia/Kuala_Lumpur',
    country: 'my',
    countryName: 'Malaysia',
  },
  {
    sub: 'test-paolo',
    givenName: 'Paolo',
    familyName: 'Reyes',
    email: 'paolo.reyes@example.com',
    locale: 'en-PH',
    zoneinfo: 'Asia/Manila',
    country: 'ph',
    countryName: 'Philippines',
  },
];

export function findDemoAccount(sub: string): DemoAccount | undefined {
  return [...demoAccounts, ...testAccounts].find((account) => account.sub === sub);
}
