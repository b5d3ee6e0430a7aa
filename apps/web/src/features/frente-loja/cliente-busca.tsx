import type { Venda } from '@retaguarda/domain';
import { Button, Flex, Form, type FormInstance, Input, List, Modal } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { CamposEndereco } from './campos-endereco.tsx';
import { HistoricoClienteDialog } from './historico-cliente.tsx';

// Customer search and quick registration of the POS, shared by delivery and the call-center: the server
// classifies the text (CPF, CNPJ, phone, rg, e-mail, name: spec 1 section 5); the quick registration
// defaults to PR, Brasil and DDD 41 and fills the address from the CEP lookup.

export interface EnderecoPessoa {
  logradouro?: string;
  numero?: string;
  bairro?: string;
  cidade?: string;
  uf?: string;
  cep?: string;
  complemento?: string;
  pais?: string;
  localizacao?: { lat?: number; lng?: number } | null;
}

export interface Pessoa {
  _id: string;
  nome: string;
  cpfCnpj?: string | null;
  telefone?: { ddd?: string; numero?: string } | null;
  endereco?: EnderecoPessoa | null;
}

/** The customer as the sale engine carries it (delivery fee by city and neighbourhood). */
export const paraClienteVenda = (p: Pessoa): NonNullable<Venda['cliente']> => ({
  _id: p._id,
  nome: p.nome,
  clientePadrao: false,
  endereco: {
    logradouro: p.endereco?.logradouro ?? '',
    numero: p.endereco?.numero ?? '',
    cidade: p.endereco?.cidade ?? '',
    uf: p.endereco?.uf ?? 'PR',
    bairro: p.endereco?.bairro ?? '',
    complemento: p.endereco?.complemento ?? '',
    cep: p.endereco?.cep ?? '',
  },
});

export const buscarClientes = (texto: string) =>
  api.post<Pessoa[]>('buscarClienteFrenteLoja', { texto }, { acao: 'ao buscar o cliente' });

export const descricaoPessoa = (p: Pessoa) =>
  [
    p.telefone?.numero ? `(${p.telefone.ddd ?? ''}) ${p.telefone.numero}` : '',
    p.endereco
      ? `${p.endereco.logradouro ?? ''}, ${p.endereco.numero ?? ''} - ${p.endereco.bairro ?? ''}`
      : '',
  ]
    .filter(Boolean)
    .join(' · ');

/** Search box, results and the "Novo cliente" quick registration; `aoEscolher` gets the chosen person. */
export function BuscaCliente({
  aoEscolher,
  rotuloEscolher = 'Escolher',
  acoes,
}: {
  aoEscolher: (p: Pessoa) => void;
  rotuloEscolher?: string;
  /** Extra actions of each result (e.g. the history). */
  acoes?: (p: Pessoa) => React.ReactNode[];
}) {
  const [busca, setBusca] = useState('');
  const [achados, setAchados] = useState<Pessoa[] | null>(null);
  const [novo, setNovo] = useState(false);
  const [historico, setHistorico] = useState<Pessoa | null>(null);
  const fecharHistorico = useCallback(() => setHistorico(null), []);

  const buscar = async () => {
    if (!busca.trim()) return;
    try {
      setAchados(await buscarClientes(busca));
    } catch {
      setAchados([]);
    }
  };

  return (
    <>
      <Flex gap={8}>
        <Input
          size="large"
          autoFocus
          aria-label="Buscar cliente"
          placeholder="CPF, CNPJ, telefone, RG, e-mail ou nome"
          value={busca}
          onChange={(e) => setBusca(e.target.value)}
          onPressEnter={() => void buscar()}
        />
        <Button size="large" type="primary" onClick={() => void buscar()}>
          Buscar
        </Button>
        <Button size="large" onClick={() => setNovo(true)}>
          Novo cliente
        </Button>
      </Flex>
      {achados && (
        <List
          style={{ marginTop: 12 }}
          dataSource={achados}
          locale={{ emptyText: 'Nenhum cliente encontrado.' }}
          renderItem={(p) => (
            <List.Item
              actions={[
                ...(acoes?.(p) ?? []),
                <Button key="h" size="large" onClick={() => setHistorico(p)}>
                  Histórico
                </Button>,
                <Button key="e" type="primary" size="large" onClick={() => aoEscolher(p)}>
                  {rotuloEscolher}
                </Button>,
              ]}
            >
              <List.Item.Meta title={p.nome} description={descricaoPessoa(p)} />
            </List.Item>
          )}
        />
      )}
      <HistoricoClienteDialog cliente={historico} aoFechar={fecharHistorico} />
      <CadastroRapidoCliente
        aberto={novo}
        aoFechar={() => setNovo(false)}
        aoCadastrar={(p) => {
          setNovo(false);
          aoEscolher(p);
        }}
      />
    </>
  );
}

/** Fills street, neighbourhood, city and state of a form from its `cep` field (GET cep/:cep). */
export async function preencherPeloCep(form: FormInstance): Promise<void> {
  const cep = String(form.getFieldValue('cep') ?? '');
  try {
    const e = await api.get<{ logradouro: string; bairro: string; localidade: string; uf: string }>(
      `cep/${encodeURIComponent(cep)}`,
      { acao: 'ao buscar o CEP' },
    );
    form.setFieldsValue({
      logradouro: e.logradouro,
      bairro: e.bairro,
      cidade: e.localidade,
      uf: e.uf || 'PR',
    });
  } catch {
    // the toast says 'CEP inválido!' / 'CEP não localizado!'
  }
}

/** Quick registration: name, phone (DDD 41), address from the CEP lookup (PR, Brasil). */
export function CadastroRapidoCliente({
  aberto,
  aoFechar,
  aoCadastrar,
}: {
  aberto: boolean;
  aoFechar: () => void;
  aoCadastrar: (p: Pessoa) => void;
}) {
  const [form] = Form.useForm();
  useEffect(() => {
    if (aberto) form.resetFields();
  }, [aberto, form]);

  const buscarCep = () => preencherPeloCep(form);

  const cadastrar = async (v: Record<string, string>) => {
    try {
      const p = await api.post<Pessoa>(
        'frenteLoja/cliente',
        {
          nome: v.nome,
          tiposPessoa: ['Cliente'],
          telefone: { ddd: v.ddd || '41', numero: v.telefone, tipo: 'Celular', principal: true },
          endereco: {
            cep: v.cep,
            logradouro: v.logradouro,
            numero: v.numero,
            complemento: v.complemento ?? '',
            bairro: v.bairro,
            cidade: v.cidade,
            uf: v.uf || 'PR',
            pais: 'Brasil',
            tipo: 'Entrega',
            principal: true,
          },
        },
        { acao: 'ao cadastrar o cliente' },
      );
      form.resetFields();
      notificar({ tipo: 'success', mensagem: `Cliente ${p.nome} cadastrado.` });
      aoCadastrar(p);
    } catch {
      // toast shown
    }
  };

  return (
    <Modal
      open={aberto}
      title="Cadastro rápido de cliente"
      okText="Cadastrar"
      onOk={() => form.submit()}
      onCancel={aoFechar}
      width={640}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={cadastrar}
        initialValues={{ ddd: '41', uf: 'PR' }}
        requiredMark={false}
      >
        <Form.Item label="Nome" name="nome" rules={[{ required: true, message: '* Obrigatório' }]}>
          <Input maxLength={150} />
        </Form.Item>
        <Flex gap={8}>
          <Form.Item label="DDD" name="ddd" style={{ width: 80 }}>
            <Input maxLength={2} />
          </Form.Item>
          <Form.Item
            label="Telefone"
            name="telefone"
            style={{ flex: 1 }}
            rules={[{ required: true, message: '* Obrigatório' }]}
          >
            <Input maxLength={9} />
          </Form.Item>
          <Form.Item label="CEP" name="cep" style={{ width: 160 }}>
            <Input maxLength={9} onPressEnter={() => void buscarCep()} />
          </Form.Item>
          <Form.Item label=" ">
            <Button onClick={() => void buscarCep()}>Buscar CEP</Button>
          </Form.Item>
        </Flex>
        <CamposEndereco />
      </Form>
    </Modal>
  );
}
