import './app/theme-boot';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './app/app.css';
import './app/touch-targets.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { LAYER } from '../common/constants';
import { installPreloadRecovery } from './app/lazy-page';
import { installKoreanLocale } from './app/prime-locale';
import { queryClient } from './shared/query-client';
import { keepDarkThemeLast } from './app/theme';
import { startServiceWorker } from './app/service-worker';
import { AppRoutes } from './routes';

installPreloadRecovery();
installKoreanLocale();
keepDarkThemeLast();
startServiceWorker();

// Layers (docs/product/site.md#messages-confirmations-and-loading); the toast sits above dialogs so a failure inside a dialog stays readable.
const prime = {
  ripple: false,
  zIndex: { modal: LAYER.modal, overlay: LAYER.overlay, menu: LAYER.menu, tooltip: LAYER.tooltip, toast: 1200 },
  locale: 'ko',
};

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <PrimeReactProvider value={prime}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </PrimeReactProvider>
  </StrictMode>,
);
