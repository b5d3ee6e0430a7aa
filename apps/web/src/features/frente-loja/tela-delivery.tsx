import { CLIENTE_PADRAO, TIPO_VENDA, type Venda } from '@retaguarda/domain';
import { Button, Card, Flex, Form, Input, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import type { DadosFrenteLoja, ProdutoFrenteLoja } from './dados-referencia.ts';
import type { IndiceProdutos } from './indice-produtos.ts';
import { TelaVenda } from './tela-venda.tsx';
import type { AmbienteVenda } from './venda-local.ts';

// Delivery (55): find the customer by the spec's classification (CPF, CNPJ, phone, rg, e-mail, name) or
// register one quickly (defaults PR, Brasil, DDD 41) with the address from the CEP lookup; the delivery
// fee comes from the domain engine (distance bands, city/neighbourhood, default) and the server.

interface Endereco {
  logradouro?: string;
  numero?: string;
  bairro?: string;
  cidade?: string;
  uf?: string;
  cep?: string;
  complemento?: string;
  pais?: string;
}

interface Pessoa {
  _id: string;
  nome: string;
  cpfCnpj?: string | null;
  telefone?: { ddd?: string; numero?: string } | null;
  endereco?: Endereco | null;
}

const paraClienteVenda = (p: Pessoa): NonNullable<Venda['cliente']> => ({
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

export function TelaDelivery({
  dados,
  indice,
  amb,
  registrarRecarga,
}: {
  dados: DadosFrenteLoja;
  indice: IndiceProdutos<ProdutoFrenteLoja>;
  amb: AmbienteVenda;
  registrarRecarga: (fn: (() => void) | null) => void;
}) {
  const [busca, setBusca] = useState('');
  const [achados, setAchados] = useState<Pessoa[] | null>(null);
  const [cliente, setCliente] = useState<Pessoa | null>(null);
  const [novo, setNovo] = useState(false);
  const [contador, setContador] = useState(0);
  const [form] = Form.useForm();

  const buscar = async () => {
    if (!busca.trim()) return;
    try {
      setAchados(
        // The server classifies the text (CPF, CNPJ, phone, rg, e-mail, name: spec 1 section 5).
        await api.post<Pessoa[]>(
          'buscarClienteFrenteLoja',
          { texto: busca },
          { acao: 'ao buscar o cliente' },
        ),
      );
    } catch {
      setAchados([]);
    }
  };

  const buscarCep = async () => {
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
  };

  const cadastrar = async (v: Record<string, string>) => {
    try {
      const p = await api.post<Pessoa>(
        'pessoa',
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
      setNovo(false);
      setCliente(p);
      notificar({ tipo: 'success', mensagem: `Cliente ${p.nome} cadastrado.` });
    } catch {
      // toast shown
    }
  };

  if (cliente) {
    const c = paraClienteVenda(cliente);
    return (
      <TelaVenda
        key={`${cliente._id}-${contador}`}
        dados={dados}
        indice={indice}
        amb={amb}
        tipoVenda={TIPO_VENDA.delivery}
        clienteLocal={c}
        criacao={{ cliente: cliente._id, vendaDescricao: cliente.nome }}
        titulo={`Delivery · ${cliente.nome}`}
        offline={false}
        aoOffline={() => undefined}
        aoTerminar={() => {
          setCliente(null);
          setAchados(null);
          setBusca('');
          setContador((n) => n + 1);
        }}
        registrarRecarga={registrarRecarga}
      />
    );
  }

  return (
    <Card title="Delivery: cliente" data-testid="tela-delivery">
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
        <Button
          size="large"
          onClick={() => {
            form.resetFields();
            setNovo(true);
          }}
        >
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
                <Button key="e" type="primary" onClick={() => setCliente(p)}>
                  Escolher
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={p.nome}
                description={[
                  p.telefone?.numero ? `(${p.telefone.ddd ?? ''}) ${p.telefone.numero}` : '',
                  p.endereco
                    ? `${p.endereco.logradouro ?? ''}, ${p.endereco.numero ?? ''} - ${p.endereco.bairro ?? ''}`
                    : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </List.Item>
          )}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        Sem cliente escolhido a venda é do {CLIENTE_PADRAO.nome} e não tem taxa de entrega.
      </Typography.Paragraph>
      <Modal
        open={novo}
        title="Cadastro rápido de cliente"
        okText="Cadastrar"
        onOk={() => form.submit()}
        onCancel={() => setNovo(false)}
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
          <Flex gap={8}>
            <Form.Item
              label="Logradouro"
              name="logradouro"
              style={{ flex: 1 }}
              rules={[{ required: true, message: '* Obrigatório' }]}
            >
              <Input />
            </Form.Item>
            <Form.Item label="Número" name="numero" style={{ width: 100 }}>
              <Input />
            </Form.Item>
          </Flex>
          <Flex gap={8}>
            <Form.Item label="Bairro" name="bairro" style={{ flex: 1 }}>
              <Input />
            </Form.Item>
            <Form.Item label="Cidade" name="cidade" style={{ flex: 1 }}>
              <Input />
            </Form.Item>
            <Form.Item label="UF" name="uf" style={{ width: 70 }}>
              <Input maxLength={2} />
            </Form.Item>
          </Flex>
          <Form.Item label="Complemento" name="complemento">
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
