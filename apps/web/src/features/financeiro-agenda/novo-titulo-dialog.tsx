import { diaComercial, MF, type NovoTitulo, novoTituloSchema, type TipoTitulo } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Table,
  TreeSelect,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ErroApi } from '../../lib/api/cliente.ts';
import { novoId } from '../../lib/ids/novo-id.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { SeletorEmpresaUsuario } from '../auth/empresas-usuario.tsx';
import { arvorePlano, lerValorDigitado, previaParcelas } from './agenda.ts';
import { chavesAgenda, contasQuery, criarTitulo, pessoasQuery, planosQuery } from './api.ts';
import { dataBr, moeda } from './formato.ts';

// A new payable or receivable, in one or many monthly instalments (the leftover cents on the first, as the
// server splits them; the preview shows each). The form is checked with the domain's schema before sending, so
// the messages are the server's; its id is made when the dialog opens (a double click creates it once).

interface Rascunho {
  empresa: string;
  tipo: TipoTitulo;
  descricao: string;
  documento: string;
  pessoa?: string;
  planoConta?: string;
  conta?: string;
  valor: string;
  competencia: string;
  vencimento: string;
  parcelas: number;
  observacao: string;
}

export function NovoTituloDialog({
  empresa,
  tipo,
  aoFechar,
}: {
  empresa: string;
  tipo: TipoTitulo;
  aoFechar: () => void;
}) {
  const hoje = diaComercial(new Date());
  const [id] = useState(novoId);
  const [r, setR] = useState<Rascunho>({
    empresa,
    tipo,
    descricao: '',
    documento: '',
    valor: '',
    competencia: hoje,
    vencimento: hoje,
    parcelas: 1,
    observacao: '',
  });
  const [erros, setErros] = useState<Record<string, string>>({});
  const [erroServidor, setErroServidor] = useState<string | null>(null);
  const [buscaPessoa, setBuscaPessoa] = useState('');
  const planos = useQuery(planosQuery());
  const contas = useQuery(contasQuery(r.empresa));
  const pessoas = useQuery(pessoasQuery(buscaPessoa.trim()));
  const cliente = useQueryClient();
  const arvore = arvorePlano(planos.data ?? [], r.tipo === 'pagar' ? 'Despesa' : 'Receita');
  const previa = previaParcelas({ valor: r.valor, vencimento: r.vencimento, parcelas: r.parcelas });

  const criar = useMutation({
    mutationFn: (t: NovoTitulo) => criarTitulo(t),
    onSuccess: async (criados) => {
      await cliente.invalidateQueries({ queryKey: chavesAgenda.todas });
      notificar({
        tipo: 'success',
        mensagem: criados.length > 1 ? `${criados.length} parcelas lançadas.` : 'Título lançado.',
      });
      aoFechar();
    },
    onError: (e) => setErroServidor(e instanceof ErroApi ? e.message : String(e)),
  });

  function enviar() {
    setErroServidor(null);
    const valor = lerValorDigitado(r.valor);
    const entrada = {
      _id: id,
      empresa: r.empresa,
      tipo: r.tipo,
      descricao: r.descricao,
      ...(r.documento.trim() ? { documento: r.documento } : {}),
      ...(r.pessoa ? { pessoa: r.pessoa } : {}),
      planoConta: r.planoConta ?? '',
      ...(r.conta ? { conta: r.conta } : {}),
      valor: valor || r.valor,
      competencia: r.competencia,
      vencimento: r.vencimento,
      parcelas: r.parcelas,
      ...(r.observacao.trim() ? { observacao: r.observacao } : {}),
    };
    const v = novoTituloSchema.safeParse(entrada);
    if (!v.success) {
      const novos: Record<string, string> = {};
      for (const issue of v.error.issues) {
        const campo = String(issue.path[0] ?? '');
        novos[campo] ??=
          campo === 'planoConta'
            ? 'Escolha o plano de contas.'
            : campo === 'valor'
              ? MF.valorTitulo
              : issue.message;
      }
      setErros(novos);
      return;
    }
    setErros({});
    criar.mutate(v.data);
  }

  const item = (campo: string, rotulo: string, filho: React.ReactNode, htmlFor?: string) => (
    <Form.Item
      label={rotulo}
      htmlFor={htmlFor}
      validateStatus={erros[campo] ? 'error' : undefined}
      help={erros[campo]}
      style={{ marginBottom: 12 }}
    >
      {filho}
    </Form.Item>
  );

  return (
    <Modal
      open
      width={720}
      title={r.tipo === 'pagar' ? 'Nova conta a pagar' : 'Nova conta a receber'}
      okText="Lançar"
      cancelText="Cancelar"
      onOk={enviar}
      onCancel={aoFechar}
      okButtonProps={{ loading: criar.isPending }}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Flex wrap gap={12}>
          {item(
            'empresa',
            'Loja',
            <SeletorEmpresaUsuario
              id="titulo-empresa"
              rotulo="Loja do título"
              valor={r.empresa}
              aoMudar={(e) => setR({ ...r, empresa: e, conta: undefined })}
            />,
            'titulo-empresa',
          )}
          {item(
            'tipo',
            'Tipo',
            <Radio.Group
              aria-label="Tipo do título"
              optionType="button"
              value={r.tipo}
              onChange={(e) => setR({ ...r, tipo: e.target.value, planoConta: undefined })}
              options={[
                { value: 'pagar', label: 'A pagar' },
                { value: 'receber', label: 'A receber' },
              ]}
            />,
          )}
        </Flex>
        {item(
          'descricao',
          'Descrição',
          <Input
            id="titulo-descricao"
            value={r.descricao}
            maxLength={200}
            onChange={(e) => setR({ ...r, descricao: e.target.value })}
          />,
          'titulo-descricao',
        )}
        <Flex wrap gap={12}>
          <div style={{ flex: '1 1 260px' }}>
            {item(
              'planoConta',
              'Plano de contas',
              <TreeSelect
                id="titulo-plano"
                aria-label="Plano de contas"
                showSearch
                treeNodeFilterProp="title"
                treeDefaultExpandAll
                loading={planos.isPending}
                value={r.planoConta}
                onChange={(v: string) => setR({ ...r, planoConta: v })}
                treeData={arvore}
                placeholder="Escolha a conta do plano"
                style={{ width: '100%' }}
                listHeight={320}
              />,
              'titulo-plano',
            )}
          </div>
          <div style={{ flex: '1 1 220px' }}>
            {item(
              'pessoa',
              r.tipo === 'pagar' ? 'Fornecedor / pessoa' : 'Cliente / pessoa',
              <Select
                id="titulo-pessoa"
                aria-label="Pessoa"
                showSearch={{ filterOption: false, onSearch: setBuscaPessoa }}
                allowClear
                value={r.pessoa}
                onChange={(v: string | undefined) => setR({ ...r, pessoa: v })}
                options={(pessoas.data ?? []).map((p) => ({ value: p._id, label: p.nome }))}
                placeholder="Buscar pelo nome"
                notFoundContent={pessoas.isFetching ? 'Buscando...' : 'Nenhuma pessoa'}
              />,
              'titulo-pessoa',
            )}
          </div>
        </Flex>
        <Flex wrap gap={12}>
          {item(
            'valor',
            'Valor total (R$)',
            <Input
              id="titulo-valor"
              inputMode="decimal"
              placeholder="0,00"
              style={{ width: 150 }}
              value={r.valor}
              onChange={(e) => setR({ ...r, valor: e.target.value })}
            />,
            'titulo-valor',
          )}
          {item(
            'parcelas',
            'Parcelas',
            <InputNumber
              id="titulo-parcelas"
              min={1}
              max={120}
              precision={0}
              style={{ width: 90 }}
              value={r.parcelas}
              onChange={(v) => setR({ ...r, parcelas: typeof v === 'number' ? v : 1 })}
            />,
            'titulo-parcelas',
          )}
          {item(
            'competencia',
            'Competência',
            <DatePicker
              aria-label="Competência"
              format="DD/MM/YYYY"
              allowClear={false}
              value={dayjs(r.competencia)}
              onChange={(d) => d && setR({ ...r, competencia: d.format('YYYY-MM-DD') })}
            />,
          )}
          {item(
            'vencimento',
            r.parcelas > 1 ? '1º vencimento' : 'Vencimento',
            <DatePicker
              aria-label="Vencimento"
              format="DD/MM/YYYY"
              allowClear={false}
              value={dayjs(r.vencimento)}
              onChange={(d) => d && setR({ ...r, vencimento: d.format('YYYY-MM-DD') })}
            />,
          )}
        </Flex>
        <Flex wrap gap={12}>
          <div style={{ flex: '1 1 220px' }}>
            {item(
              'conta',
              'Conta prevista (opcional)',
              <Select
                id="titulo-conta"
                aria-label="Conta prevista"
                allowClear
                value={r.conta}
                onChange={(v: string | undefined) => setR({ ...r, conta: v })}
                options={(contas.data ?? []).map((c) => ({ value: c._id, label: c.descricao }))}
              />,
              'titulo-conta',
            )}
          </div>
          <div style={{ flex: '1 1 160px' }}>
            {item(
              'documento',
              'Documento',
              <Input
                id="titulo-documento"
                maxLength={60}
                value={r.documento}
                onChange={(e) => setR({ ...r, documento: e.target.value })}
              />,
              'titulo-documento',
            )}
          </div>
        </Flex>
        {item(
          'observacao',
          'Observação',
          <Input.TextArea
            id="titulo-observacao"
            rows={2}
            maxLength={500}
            value={r.observacao}
            onChange={(e) => setR({ ...r, observacao: e.target.value })}
          />,
          'titulo-observacao',
        )}
      </Form>
      {previa.length > 1 && (
        <Table
          size="small"
          pagination={false}
          aria-label="Parcelas"
          rowKey="parcela"
          dataSource={previa}
          scroll={{ y: 180 }}
          columns={[
            { title: 'Parcela', dataIndex: 'parcela', render: (p: number) => `${p}/${previa.length}` },
            { title: 'Vencimento', dataIndex: 'vencimento', render: dataBr },
            { title: 'Valor', dataIndex: 'valor', align: 'right', render: moeda },
          ]}
        />
      )}
      {erroServidor && <Alert type="error" showIcon title={erroServidor} style={{ marginTop: 12 }} />}
      {previa.length === 1 && (
        <Typography.Text type="secondary">
          Vencimento em {dataBr(previa[0]?.vencimento ?? '')}.
        </Typography.Text>
      )}
    </Modal>
  );
}
