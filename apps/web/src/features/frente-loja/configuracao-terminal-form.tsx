import type { PermissaoNegada } from '@retaguarda/domain/catalogos/permissao-negada';
import { Alert, Button, Card, Form, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { PermissaoNegadaAviso, permissaoNegadaDe } from '../permissoes/permissao-negada.tsx';
import { gravarVinculo, type VinculoTerminal } from './configuracao-terminal.ts';
import { MENSAGENS_CARREGAMENTO } from './dados-referencia.ts';

interface Opcao {
  _id: string;
  descricao: string;
}

/** Binds this device to a default company and terminal (the company first: spec 2 section 8). */
export function ConfiguracaoTerminalForm({
  atual,
  aoSalvar,
}: {
  atual: VinculoTerminal;
  aoSalvar: (v: VinculoTerminal) => void;
}) {
  const usuario = useSessao((s) => s.usuario);
  const grupo = useSessao((s) => s.grupoEmpresarial);
  const [empresas, setEmpresas] = useState<Opcao[]>([]);
  const [terminais, setTerminais] = useState<Opcao[]>([]);
  const [empresa, setEmpresa] = useState<string | undefined>(atual.empresaPadrao?._id);
  const [terminal, setTerminal] = useState<string | undefined>(atual.terminalPadrao?._id);
  // The chosen store refused the POS to this user: say which permission is missing instead of 'no terminal'.
  const [negada, setNegada] = useState<PermissaoNegada | null>(null);

  useEffect(() => {
    if (!usuario || !grupo) return;
    void api
      .post<Opcao[]>(
        'getEmpresasUsuario',
        { grupoEmpresarialId: grupo._id, pessoaId: usuario.usuario._id, permissao: 425 },
        { acao: 'ao listar as empresas' },
      )
      .then(setEmpresas)
      .catch(() => setEmpresas([]));
  }, [usuario, grupo]);

  useEffect(() => {
    setTerminais([]);
    setNegada(null);
    if (!empresa) return;
    void api
      .post<Opcao[]>(
        'frenteLoja/terminais',
        { empresa },
        { acao: 'ao listar os terminais', recusaNaTela: true },
      )
      .then(setTerminais)
      .catch((erro: unknown) => {
        setTerminais([]);
        setNegada(permissaoNegadaDe(erro));
      });
  }, [empresa]);

  const salvar = () => {
    const e = empresas.find((x) => x._id === empresa);
    const t = terminais.find((x) => x._id === terminal);
    if (!e) {
      notificar({ tipo: 'error', mensagem: MENSAGENS_CARREGAMENTO.empresaSemConfiguracao, duracao: 15 });
      return;
    }
    if (!t) {
      notificar({ tipo: 'error', mensagem: MENSAGENS_CARREGAMENTO.terminalSemConfiguracao, duracao: 15 });
      return;
    }
    const v: VinculoTerminal = {
      empresaPadrao: { _id: e._id, descricao: e.descricao },
      terminalPadrao: { _id: t._id, descricao: t.descricao },
    };
    gravarVinculo(v);
    aoSalvar(v);
  };

  return (
    <Card
      title="Configuração do Terminal"
      style={{ maxWidth: 520, margin: '32px auto' }}
      data-testid="config-terminal"
    >
      <Typography.Paragraph type="secondary">
        Este dispositivo vende para a Empresa Padrão e o Terminal Padrão escolhidos aqui (gravados neste
        navegador).
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={salvar}>
        <Form.Item label="Empresa Padrão" htmlFor="fl-empresa">
          <Select
            id="fl-empresa"
            size="large"
            value={empresa}
            onChange={(v: string) => {
              setEmpresa(v);
              setTerminal(undefined);
            }}
            options={empresas.map((e) => ({ value: e._id, label: e.descricao }))}
            placeholder="Selecione a empresa"
          />
        </Form.Item>
        <Form.Item label="Terminal Padrão" htmlFor="fl-terminal" hidden={negada !== null}>
          <Select
            id="fl-terminal"
            size="large"
            value={terminal}
            onOpenChange={(aberto) => {
              if (aberto && !empresa)
                notificar({ tipo: 'warning', mensagem: MENSAGENS_CARREGAMENTO.empresaAntesDoTerminal });
            }}
            onChange={(v: string) => setTerminal(v)}
            options={terminais.map((t) => ({ value: t._id, label: t.descricao }))}
            placeholder="Selecione o terminal"
          />
        </Form.Item>
        {negada && <PermissaoNegadaAviso negada={negada} tela="a Frente Loja" extra={null} />}
        {empresa && !negada && terminais.length === 0 && (
          <Alert type="warning" showIcon title={MENSAGENS_CARREGAMENTO.terminalNaoEncontrado} />
        )}
        {!negada && (
          <Button type="primary" size="large" htmlType="submit" block style={{ marginTop: 16 }}>
            Salvar e carregar
          </Button>
        )}
      </Form>
    </Card>
  );
}
