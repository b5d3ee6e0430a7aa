import {
  FAIXAS_PERMISSAO,
  PERMISSOES,
  type Permissao,
  permissoesDoRecurso,
  recursoTemPermissoes,
} from '@retaguarda/domain/catalogos/permissoes';
import { Checkbox, Collapse, Input, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { PropsCampo } from '../features/recursos/campo-formulario.tsx';

// Access profile as a permission matrix by module (spec 6): one row per screen with the Acessar / Incluir /
// Alterar / Excluir columns, plus one row per single permission (open cashier, discounts...). In the compact
// shapes of the catalogue several columns share one number, so they tick together.

const ACOES = ['acessar', 'incluir', 'alterar', 'excluir'] as const;
const ROTULO_ACAO = {
  acessar: 'Acessar',
  incluir: 'Incluir',
  alterar: 'Alterar',
  excluir: 'Excluir',
} as const;

interface Linha {
  chave: string;
  nome: string;
  especial: boolean;
  /** Number per column; undefined = the column does not apply. */
  numeros: Partial<Record<(typeof ACOES)[number], number>>;
}

function linhasDoModulo(lista: readonly Permissao[]): Linha[] {
  const porRecurso = new Map<string, Linha>();
  const linhas: Linha[] = [];
  for (const p of lista) {
    if (!p.recurso) {
      linhas.push({
        chave: String(p.id),
        nome: p.permissao,
        especial: p.especial,
        numeros: { acessar: p.id },
      });
      continue;
    }
    let linha = porRecurso.get(p.recurso);
    if (!linha) {
      const numeros = recursoTemPermissoes(p.recurso)
        ? permissoesDoRecurso(p.recurso)
        : { acessar: p.id, incluir: undefined, alterar: undefined, excluir: undefined };
      linha = {
        chave: p.recurso,
        nome: p.permissao.replace(/ - [^-]+$/, ''),
        especial: false,
        numeros: {
          acessar: numeros.acessar,
          incluir: numeros.incluir,
          alterar: numeros.alterar,
          excluir: numeros.excluir,
        },
      };
      porRecurso.set(p.recurso, linha);
      linhas.push(linha);
    }
    if (p.especial) linha.especial = true;
  }
  return linhas;
}

function numerosDe(valor: unknown): Set<number> {
  return new Set(Array.isArray(valor) ? valor.filter((v): v is number => typeof v === 'number') : []);
}

export function MatrizPermissoes({ valor, onChange, somenteLeitura }: PropsCampo) {
  const marcadas = numerosDe(valor);
  const [filtro, setFiltro] = useState('');
  const modulos = useMemo(
    () =>
      FAIXAS_PERMISSAO.map((f) => ({
        ...f,
        linhas: linhasDoModulo(PERMISSOES.filter((p) => p.modulo === f.modulo)),
      })),
    [],
  );
  const mudar = (numeros: number[], marcar: boolean) => {
    const n = new Set(marcadas);
    for (const x of numeros) {
      if (marcar) n.add(x);
      else n.delete(x);
    }
    onChange([...n].sort((a, b) => a - b));
  };
  const termo = filtro.trim().toLowerCase();

  return (
    <div data-testid="matriz-permissoes">
      <Input.Search
        aria-label="Filtrar permissões"
        placeholder="Filtrar permissões"
        allowClear
        style={{ marginBottom: 8, maxWidth: 320 }}
        onChange={(e) => setFiltro(e.target.value)}
      />
      <Collapse
        size="small"
        defaultActiveKey={termo ? modulos.map((m) => m.modulo) : []}
        {...(termo ? { activeKey: modulos.map((m) => m.modulo) } : {})}
        items={modulos.map((m) => {
          const linhas = termo ? m.linhas.filter((l) => l.nome.toLowerCase().includes(termo)) : m.linhas;
          const todos = [...new Set(m.linhas.flatMap((l) => Object.values(l.numeros)))];
          const qtd = todos.filter((n) => marcadas.has(n)).length;
          return {
            key: m.modulo,
            label: (
              <span>
                {m.descricao}{' '}
                <Typography.Text type="secondary">
                  ({qtd} de {todos.length})
                </Typography.Text>
              </span>
            ),
            extra: (
              // biome-ignore lint/a11y/noStaticElementInteractions: stops the header toggle, the checkbox is the control.
              // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard reaches the checkbox itself.
              <span onClick={(e) => e.stopPropagation()}>
                <Checkbox
                  aria-label={`Todas de ${m.descricao}`}
                  disabled={somenteLeitura}
                  checked={qtd === todos.length && todos.length > 0}
                  indeterminate={qtd > 0 && qtd < todos.length}
                  onChange={(e) => mudar(todos, e.target.checked)}
                >
                  Todas
                </Checkbox>
              </span>
            ),
            children: (
              <Table<Linha>
                size="small"
                pagination={false}
                rowKey="chave"
                dataSource={linhas}
                columns={[
                  {
                    title: 'Permissão',
                    dataIndex: 'nome',
                    render: (nome: string, l) => (
                      <>
                        {nome} {l.especial && <Tag>Franquia</Tag>}
                      </>
                    ),
                  },
                  ...ACOES.map((acao) => ({
                    title: ROTULO_ACAO[acao],
                    key: acao,
                    width: 90,
                    align: 'center' as const,
                    render: (_: unknown, l: Linha) => {
                      const n = l.numeros[acao];
                      if (n === undefined) return null;
                      return (
                        <Checkbox
                          aria-label={`${l.nome} - ${ROTULO_ACAO[acao]}`}
                          disabled={somenteLeitura}
                          checked={marcadas.has(n)}
                          onChange={(e) => mudar([n], e.target.checked)}
                        />
                      );
                    },
                  })),
                ]}
              />
            ),
          };
        })}
      />
    </div>
  );
}
