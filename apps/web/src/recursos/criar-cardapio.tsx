import { recursos } from '@retaguarda/domain';
import type { Personalizacao } from '../features/recursos/personalizacao.ts';

// criarCardapio: builds the menus of each platform; the same records as cardapio.
export const personalizacao: Personalizacao = { def: recursos.cardapio };
