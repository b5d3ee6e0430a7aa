import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { carregarConfig } from './lib/api/config.ts';
import { registrarServiceWorker } from './lib/offline/registrar-service-worker.ts';

registrarServiceWorker();

const raiz = document.getElementById('root');
if (raiz) {
  // Base URL and socket settings must be known before the first call (spec section 7).
  void carregarConfig().then(() => {
    createRoot(raiz).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
