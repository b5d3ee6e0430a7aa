import { afterAll, inject } from 'vitest';
import { iniciarServidor } from './servidor.ts';

// Runs before each e2e file: its own server on its own copy of the demo data (or E2E_BASE_URL's server).
const externo = inject('baseUrl');
if (externo) {
  (globalThis as { __urlServidorE2e?: string }).__urlServidorE2e = externo;
} else {
  const servidor = await iniciarServidor(inject('modeloDados'));
  (globalThis as { __urlServidorE2e?: string }).__urlServidorE2e = servidor.url;
  afterAll(() => servidor.encerrar(), 30_000);
}
