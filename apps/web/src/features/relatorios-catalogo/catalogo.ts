import { permissaoPorId } from '@retaguarda/domain';
import {
  GRUPOS_RELATORIO,
  type GrupoRelatorio,
  permissaoDoRelatorio,
  RELATORIOS_DO_SISTEMA,
  type RelatorioDoSistema,
} from '@retaguarda/domain/relatorios-salvos/relatorio-salvo';
import { type DefinicaoRota, podeAcessar, rotaPorNome } from '../../routes/rotas.ts';
import { DESCRICOES_RELATORIOS } from './descricoes.ts';

// The catalogue of the built-in reports as the screen shows it: the domain's list and groups, the route's title
// and state (apps/web/src/routes/rotas.ts), the permission's number and name, whether this user may open it.

export interface ItemCatalogo {
  rota: RelatorioDoSistema;
  titulo: string;
  grupo: GrupoRelatorio;
  descricao: string;
  permissao: number;
  nomePermissao: string;
  emConstrucao: boolean;
  permitido: boolean;
}

const semAcento = (t: string) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function catalogoRelatorios(permissoes: ReadonlySet<number> | undefined): ItemCatalogo[] {
  return (Object.keys(RELATORIOS_DO_SISTEMA) as RelatorioDoSistema[]).map((rota) => {
    const definicao: DefinicaoRota | undefined = rotaPorNome(rota);
    const permissao = permissaoDoRelatorio(rota);
    return {
      rota,
      titulo: definicao?.titulo ?? rota,
      grupo: RELATORIOS_DO_SISTEMA[rota],
      descricao: DESCRICOES_RELATORIOS[rota],
      permissao,
      nomePermissao: permissaoPorId(permissao)?.permissao ?? String(permissao),
      emConstrucao: definicao?.status !== 'Pronta',
      permitido: definicao ? podeAcessar(definicao, permissoes) : false,
    };
  });
}

/** The items matching every word typed (title, description, route or permission number; accents ignored). */
export function buscarNoCatalogo(itens: readonly ItemCatalogo[], busca: string): ItemCatalogo[] {
  const palavras = semAcento(busca).split(/\s+/).filter(Boolean);
  if (!palavras.length) return [...itens];
  return itens.filter((i) => {
    const texto = semAcento(`${i.titulo} ${i.descricao} ${i.rota} ${i.permissao} ${i.grupo}`);
    return palavras.every((p) => texto.includes(p));
  });
}

export function porGrupo(itens: readonly ItemCatalogo[]): [GrupoRelatorio, ItemCatalogo[]][] {
  return GRUPOS_RELATORIO.map((g): [GrupoRelatorio, ItemCatalogo[]] => [
    g,
    itens.filter((i) => i.grupo === g),
  ]).filter(([, lista]) => lista.length > 0);
}
