import type { Personalizacao } from '../features/recursos/personalizacao.ts';
import { ImagensProduto } from './imagens-produto.tsx';

// produtoGeral: images go to the storage service with thumbnails.
export const personalizacao: Personalizacao = {
  editores: { imagens: (p) => <ImagensProduto {...p} /> },
};
