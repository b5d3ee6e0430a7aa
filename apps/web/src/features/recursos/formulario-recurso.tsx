import { HistoryOutlined, SearchOutlined } from '@ant-design/icons';
import { type Campo, type DefinicaoRecurso, validarRecurso } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Drawer, Flex, Form, Row, Skeleton, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { chaves } from '../../lib/api/chaves.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { buscarCep, registroQuery, salvarRegistro } from './api.ts';
import { definirNoCaminho, lerNoCaminho } from './caminho.ts';
import { CampoFormulario, largura, type Valores } from './campo-formulario.tsx';
import type { Personalizacao } from './personalizacao.ts';
import type { AcaoRecurso } from './use-permissoes-recurso.ts';
import { useProtecaoSaida } from './use-protecao-saida.ts';

// Create/edit form driven by the definition: one input per field, the domain's validarRecurso messages per
// field (the same function the server runs), sub-forms for json blocks, CEP lookup on CEP fields, and no
// lost edits (confirmation on close, router blocker and beforeunload while there are unsaved changes).

export const MENSAGEM_DESCARTAR = 'Existem alterações não salvas. Deseja descartá-las?';
export const MENSAGEM_SALVO = 'Registro salvo com sucesso!';

interface Props {
  def: DefinicaoRecurso;
  id: string;
  personalizacao: Personalizacao | undefined;
  permissoes: Record<AcaoRecurso, boolean>;
  aoFechar: () => void;
  aoCriar: (id: string) => void;
  aoVerHistorico: (id: string) => void;
}

export function valoresIniciais(def: DefinicaoRecurso, p: Personalizacao | undefined): Valores {
  const v: Valores = {};
  for (const [nome, campo] of Object.entries(def.campos)) {
    if (campo.tipo === 'booleano' && campo.padrao !== undefined) v[nome] = campo.padrao;
  }
  return { ...v, ...(p?.padroes?.() ?? {}) };
}

/** The stored row as form values: references populated elsewhere become ids again. */
function paraFormulario(def: DefinicaoRecurso, linha: Valores): Valores {
  const v: Valores = {};
  for (const [nome, campo] of Object.entries(def.campos)) {
    if (campo.privado || !(nome in linha)) continue;
    v[nome] = linha[nome];
  }
  return v;
}

function camposVisiveis(
  def: DefinicaoRecurso,
  p: Personalizacao | undefined,
  novo: boolean,
): [string, Campo][] {
  const ocultos = new Set(p?.camposOcultos ?? []);
  return Object.entries(def.campos).filter(
    ([nome, c]) =>
      !c.privado &&
      !ocultos.has(nome) &&
      !(nome === 'empresa' && def.escopo === 'empresa') &&
      // A read-only field is the server's (a code given at creation): nothing to show before it exists.
      !(c.somenteLeitura && novo),
  );
}

export function FormularioRecurso({
  def,
  id,
  personalizacao,
  permissoes,
  aoFechar,
  aoCriar,
  aoVerHistorico,
}: Props) {
  const novo = id === 'novo';
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const empresa = useSessao((s) => s.empresa);
  const registro = useQuery({ ...registroQuery(def.tabela, id), enabled: !novo });
  const [valores, setValores] = useState<Valores | null>(() =>
    novo ? valoresIniciais(def, personalizacao) : null,
  );
  const inicial = useRef<string>(novo ? JSON.stringify(valores) : '');
  const [erros, setErros] = useState<Record<string, string>>({});
  const [buscandoCep, setBuscandoCep] = useState('');

  useEffect(() => {
    if (!novo && registro.data && valores === null) {
      const v = paraFormulario(def, registro.data);
      inicial.current = JSON.stringify(v);
      setValores(v);
    }
  }, [novo, registro.data, valores, def]);

  const sujo = valores !== null && JSON.stringify(valores) !== inicial.current;
  useProtecaoSaida(sujo);
  const podeSalvar = novo ? permissoes.incluir : permissoes.alterar;
  const todos = useMemo(() => camposVisiveis(def, personalizacao, novo), [def, personalizacao, novo]);
  const campos = todos.filter(([nome]) => !personalizacao?.ocultarCampo?.(nome, valores ?? {}));

  const salvar = useMutation({
    mutationFn: (corpo: Valores) => salvarRegistro(def.tabela, novo ? undefined : id, corpo),
    onSuccess: (linha) => {
      void queryClient.invalidateQueries({ queryKey: chaves.recursoTodos(def.tabela) });
      notificar({ tipo: 'success', mensagem: MENSAGEM_SALVO });
      const v = paraFormulario(def, linha);
      inicial.current = JSON.stringify(v);
      setValores(v);
      if (novo && linha._id) aoCriar(linha._id);
    },
    onError: (erro) => {
      // The server answers the same field messages as validarRecurso (data.erros).
      const dados = (erro as { dados?: { erros?: Record<string, string> } }).dados;
      if (dados?.erros) setErros(dados.erros);
    },
  });

  // The drawer may keep the footer of an earlier render: the click reads the values of the latest one.
  const atuais = useRef(valores);
  atuais.current = valores;

  function enviar() {
    const valores = atuais.current;
    if (!valores) return;
    const { erros: e, valores: aceitos } = validarRecurso(def, valores, false);
    setErros(e);
    if (Object.keys(e).length > 0) return;
    const corpo: Valores = { ...aceitos };
    if (def.escopo === 'empresa')
      corpo.empresa = novo ? empresa?._id : (registro.data?.empresa ?? empresa?._id);
    salvar.mutate(corpo);
  }

  function fechar() {
    if (!sujo) return aoFechar();
    modal.confirm({
      title: 'Alterações não salvas',
      content: MENSAGEM_DESCARTAR,
      okText: 'Descartar',
      cancelText: 'Continuar editando',
      okButtonProps: { danger: true },
      onOk: aoFechar,
    });
  }

  function mudar(caminho: string, valor: unknown) {
    setValores((v) => definirNoCaminho(v ?? {}, caminho, valor));
    setErros((e) => {
      if (!e[caminho]) return e;
      const { [caminho]: _, ...resto } = e;
      return resto;
    });
  }

  // Spec 5 "Postal code": 8 digits after removing the mask, then the lookup fills the address.
  async function consultarCep(caminho: string) {
    const cep = String(lerNoCaminho(valores, caminho) ?? '').replace(/\D/g, '');
    if (cep.length !== 8) {
      setErros((e) => ({ ...e, [caminho]: 'CEP inválido!' }));
      return;
    }
    setBuscandoCep(caminho);
    try {
      const r = await buscarCep(cep);
      const base = caminho.split('.').slice(0, -1).join('.');
      const em = (sub: string) => (base ? `${base}.${sub}` : sub);
      setValores((v) => {
        let n = v ?? {};
        n = definirNoCaminho(n, caminho, r.cep.replace(/\D/g, ''));
        if (r.logradouro) n = definirNoCaminho(n, em('logradouro'), r.logradouro);
        if (r.bairro) n = definirNoCaminho(n, em('bairro'), r.bairro);
        if (r.localidade) n = definirNoCaminho(n, em('cidade'), r.localidade);
        if (r.uf) n = definirNoCaminho(n, em('uf'), r.uf);
        return n;
      });
      setErros((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(base))));
    } catch {
      // The API client already showed the server message ('CEP não localizado!').
    } finally {
      setBuscandoCep('');
    }
  }

  const extra = (caminho: string, campo: Campo) =>
    campo.tipo === 'texto' && campo.validador === 'cep' && podeSalvar ? (
      <Tooltip title="Buscar endereço pelo CEP">
        <Button
          icon={<SearchOutlined />}
          aria-label="Buscar CEP"
          loading={buscandoCep === caminho}
          onClick={() => void consultarCep(caminho)}
        />
      </Tooltip>
    ) : null;

  const titulo = novo ? `Incluir ${def.titulo}` : `${podeSalvar ? 'Alterar' : 'Visualizar'} ${def.titulo}`;
  const qtdErros = Object.keys(erros).length;

  return (
    <Drawer
      open
      title={titulo}
      size={760}
      onClose={fechar}
      destroyOnHidden
      extra={
        !novo && (
          <Button icon={<HistoryOutlined />} onClick={() => aoVerHistorico(id)}>
            Histórico
          </Button>
        )
      }
      footer={
        <Flex justify="space-between" align="center" gap={8}>
          {personalizacao?.acoesFormulario && valores ? (
            personalizacao.acoesFormulario({ id: novo ? undefined : id, valores, definir: setValores })
          ) : (
            <span />
          )}
          <Flex gap={8}>
            <Button onClick={fechar}>{sujo ? 'Cancelar' : 'Fechar'}</Button>
            {podeSalvar && (
              <Button type="primary" onClick={enviar} loading={salvar.isPending} disabled={!valores}>
                Salvar
              </Button>
            )}
          </Flex>
        </Flex>
      }
    >
      {valores === null ? (
        <Skeleton active />
      ) : (
        <Form layout="vertical" component="div" data-testid="formulario-recurso">
          {qtdErros > 0 && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              title={
                qtdErros === 1 ? 'Corrija o campo destacado.' : `Corrija os ${qtdErros} campos destacados.`
              }
            />
          )}
          <Row gutter={12}>
            {campos.map(([nome, campo]) => (
              <Col key={nome} span={largura(campo)}>
                <CampoFormulario
                  caminho={nome}
                  campo={campo}
                  valor={valores[nome]}
                  erros={erros}
                  somenteLeitura={!podeSalvar || campo.somenteLeitura === true}
                  onChange={(v) => mudar(nome, v)}
                  extra={(c) => {
                    const sub = c === nome ? campo : campoNoCaminho(campo, c.split('.').slice(1));
                    return sub ? extra(c, sub) : null;
                  }}
                  editores={personalizacao?.editores}
                  raiz={valores}
                />
              </Col>
            ))}
          </Row>
        </Form>
      )}
    </Drawer>
  );
}

/** The definition of a sub-field of a json block from the rest of its path (list indexes skipped). */
function campoNoCaminho(campo: Campo, partes: string[]): Campo | undefined {
  let atual: Campo | undefined = campo;
  for (const p of partes) {
    if (atual?.tipo !== 'json') return undefined;
    if (/^\d+$/.test(p) && atual.lista) continue;
    atual = atual.subcampos?.[p];
  }
  return atual;
}
