import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './adapters/router';
import { pickLanguage } from '#shared/domain/language';
import { LanguageSync } from './app/language-sync';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { initI18n } from './adapters/i18n';
import './styles/fonts.css';
import './styles/global.css';

// Before the player is known, the browser's languages decide (English when none is ours).
await initI18n(pickLanguage(navigator.languages));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <LanguageSync />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
