import { demoAccounts, testAccounts, type DemoAccount } from './demo-accounts';
import type { IdpTexts } from './idp-texts';

/** Pages of the embedded demo identity provider: plain server-rendered HTML, no script. */

export const IDP_STYLESHEET_PATH = '/idp/assets/demo.css';

export const idpStylesheet = `
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6fb;color:#1b2233}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
ul{list-style:none;padding:0;margin:1rem 0;display:grid;gap:.5rem}
button,a.button{display:block;width:100%;box-sizing:border-box;padding:.75rem 1rem;font:inherit;text-align:left;
 border:1px solid #1f4fd1;border-radius:.5rem;background:#fff;color:#1b2233;cursor:pointer;text-decoration:none}
button:hover,button:focus-visible,a.button:hover,a.button:focus-visible{background:#e6ecfb;outline:3px solid #1f4fd1;outline-offset:2px}
.meta{display:block;color:#4a5468;font-size:.875rem}
summary{cursor:pointer;padding:.5rem 0;color:#1f4fd1;font-weight:600}
summary:focus-visible{outline:3px solid #1f4fd1;outline-offset:2px}
`;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(language: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"><link rel="stylesheet" href="${IDP_STYLESHEET_PATH}">
</head><body><main>${body}</main></body></html>`;
}

function accountItems(t: IdpTexts, uid: string, accounts: readonly DemoAccount[]): string {
  return accounts
    .map((account) => {
      const role = account.organiser ? ` · ${t.organiser}` : '';
      return `<li><form method="post" action="/idp/interaction/${escapeHtml(uid)}/login">
<input type="hidden" name="account" value="${escapeHtml(account.sub)}">
<button type="submit">${escapeHtml(`${account.givenName} ${account.familyName}`)}
<span class="meta">${escapeHtml(account.countryName + role)} · ${escapeHtml(account.email)}</span></button>
</form></li>`;
    })
    .join('\n');
}

/** The demo people first; the end-to-end specs' own people folded away below them. */
export function renderPickAccountPage(t: IdpTexts, language: string, uid: string): string {
  return page(
    language,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.intro)}</p><ul>${accountItems(t, uid, demoAccounts)}</ul>
<details><summary>${escapeHtml(t.testAccounts)}</summary><ul>${accountItems(t, uid, testAccounts)}</ul></details>`,
  );
}

/** `form` is oidc-provider's hidden form carrying the logout request and its xsrf token. */
export function renderLogoutPage(t: IdpTexts, language: string, form: string): string {
  return page(
    language,
    t.signOutTitle,
    `${form}<h1>${escapeHtml(t.signOutTitle)}</h1><p>${escapeHtml(t.signOutQuestion)}</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(t.signOutButton)}</button>`,
  );
}

export function renderSignedOutPage(t: IdpTexts, language: string, home: string): string {
  return page(
    language,
    t.signOutTitle,
    `<h1>${escapeHtml(t.signedOut)}</h1><p><a class="button" href="${escapeHtml(home)}/">${escapeHtml(t.back)}</a></p>`,
  );
}

export function renderErrorPage(
  t: IdpTexts,
  language: string,
  out: { error: string; error_description?: string | undefined },
  home: string,
): string {
  const detail = out.error_description ? `${out.error}: ${out.error_description}` : out.error;
  return page(
    language,
    t.errorTitle,
    `<h1>${escapeHtml(t.errorTitle)}</h1><p>${escapeHtml(detail)}</p><p><a class="button" href="${escapeHtml(home)}/">${escapeHtml(t.back)}</a></p>`,
  );
}
