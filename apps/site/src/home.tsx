import { systemTheme } from '@ledgerline/ui';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HomePage } from './screens/home/HomePage';

export { appReady } from './layout/appReady';

// The theme goes on <html> so that portalled dialogs inherit it too.
document.documentElement.classList.add(systemTheme);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The prerendered home page (see HomePage), hydrated as it was rendered: no router, no app.
hydrateRoot(
  container,
  <StrictMode>
    <HomePage />
  </StrictMode>,
);
