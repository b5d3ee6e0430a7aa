import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../lib/api/query-client.ts';
import { FrenteLojaPage } from './frente-loja-page.tsx';

/** Route component of #/frenteLoja. */
export function RotaFrenteLoja() {
  return (
    <QueryClientProvider client={queryClient}>
      <FrenteLojaPage />
    </QueryClientProvider>
  );
}
