import type { Personalizacao } from '../features/recursos/personalizacao.ts';
import { AreasAtendimento } from './areas-atendimento.tsx';

// empresa: service areas are drawn on a canvas (polygon, circle, rectangle) around the company location.
export const personalizacao: Personalizacao = {
  editores: { areasAtendimento: (p) => <AreasAtendimento {...p} /> },
};
