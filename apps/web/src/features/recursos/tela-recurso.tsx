import { type DefinicaoRecurso, recursos } from '@retaguarda/domain';
import { App, Result, Tabs } from 'antd';
import type { ComponentType } from 'react';
import { useMatches, useSearchParams } from 'react-router';
import { ListaRecurso } from './lista-recurso.tsx';
import type { Personalizacao } from './personalizacao.ts';

// The generic screen of a registered resource. `carregarTelaRecurso(rota)` is what rotas.ts points to: it
// loads, with the route, the optional override apps/web/src/recursos/<rota-em-kebab>.tsx (exporting
// `personalizacao`), so that file changes only what is special.

const personalizacoes = import.meta.glob<{ personalizacao: Personalizacao }>('../../recursos/*.tsx');

interface Carregada {
  def: DefinicaoRecurso | undefined;
  personalizacao: Personalizacao | undefined;
}
const carregadas = new Map<string, Carregada>();

export function arquivoPersonalizacao(rota: string): string {
  return `../../recursos/${rota.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.tsx`;
}

export function TelaRecurso({
  def,
  personalizacao,
}: {
  def: DefinicaoRecurso;
  personalizacao?: Personalizacao;
}) {
  return (
    <App component={false}>
      {personalizacao?.abas?.length ? (
        <TelaComAbas def={def} personalizacao={personalizacao} />
      ) : (
        <ListaRecurso def={def} personalizacao={personalizacao} />
      )}
    </App>
  );
}

const PRINCIPAL = 'principal';

/** The route's registration plus its kin as tabs (address param `aba`; a tab starts with a clean list). */
function TelaComAbas({ def, personalizacao }: { def: DefinicaoRecurso; personalizacao: Personalizacao }) {
  const [params, setParams] = useSearchParams();
  const abas = personalizacao.abas ?? [];
  const pedida = params.get('aba');
  const ativa = abas.some((a) => a.chave === pedida) ? (pedida as string) : PRINCIPAL;
  return (
    <Tabs
      activeKey={ativa}
      destroyOnHidden
      onChange={(chave) => setParams(chave === PRINCIPAL ? {} : { aba: chave })}
      items={[
        {
          key: PRINCIPAL,
          label: def.titulo,
          children: <ListaRecurso def={def} personalizacao={personalizacao} />,
        },
        ...abas.map((a) => ({
          key: a.chave,
          label: a.titulo,
          children: <ListaRecurso def={a.def} personalizacao={a.personalizacao} />,
        })),
      ]}
    />
  );
}

function nomeDaRota(matches: ReturnType<typeof useMatches>): string {
  const handle = matches.at(-1)?.handle as { rota?: { nome?: string } } | undefined;
  return handle?.rota?.nome ?? '';
}

/** The screen of the current route, with what carregarTelaRecurso loaded for it. */
function TelaRecursoDaRota() {
  const rota = nomeDaRota(useMatches());
  const carregada = carregadas.get(rota);
  if (!carregada?.def) return <Result status="warning" title={`Recurso não registrado: ${rota}`} />;
  return <TelaRecurso def={carregada.def} personalizacao={carregada.personalizacao} />;
}

export async function carregarTelaRecurso(rota: string): Promise<{ Component: ComponentType }> {
  const carregar = personalizacoes[arquivoPersonalizacao(rota)];
  const personalizacao = carregar ? (await carregar()).personalizacao : undefined;
  carregadas.set(rota, { def: personalizacao?.def ?? recursos.recursoPorTabela(rota), personalizacao });
  return { Component: TelaRecursoDaRota };
}
