import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Checkbox, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { chavesInventario, criarInventario, opcoesFiltroQuery } from './api.ts';
import { novoIdInventario } from './regras.ts';

/**
 * A new count: when it was counted (default now), which products (controlled ones, or every product for a
 * store's first count), narrowed by groups and shelf locations, and whether it is blind. The id is made when the
 * dialog opens, so a double click on "Criar" creates one count.
 */
export function NovoInventarioDialog({
  empresa,
  aoFechar,
}: {
  empresa: string;
  aoFechar: (criado: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const [id] = useState(novoIdInventario);
  const [data, setData] = useState<Dayjs | null>(null);
  const [descricao, setDescricao] = useState('');
  const [produtos, setProdutos] = useState<'controlados' | 'todos'>('controlados');
  const [agrupadores, setAgrupadores] = useState<string[]>([]);
  const [localizacoes, setLocalizacoes] = useState<string[]>([]);
  const [somenteComSaldo, setSomenteComSaldo] = useState(false);
  const [cega, setCega] = useState(false);
  const [recusa, setRecusa] = useState<string | null>(null);
  const opcoes = useQuery(opcoesFiltroQuery(empresa));
  const criar = useMutation({
    mutationFn: () =>
      criarInventario({
        _id: id,
        empresa,
        ...(data ? { data: data.toISOString() } : {}),
        ...(descricao.trim() ? { descricao: descricao.trim() } : {}),
        cega,
        filtro: { produtos, agrupadores, localizacoes, somenteComSaldo },
      }),
    onSuccess: (r) => {
      void queryClient.invalidateQueries({ queryKey: chavesInventario.todas });
      aoFechar(r._id);
    },
    onError: (e) => setRecusa(e.message),
  });
  return (
    <Modal
      open
      title="Novo inventário"
      okText="Criar"
      cancelText="Fechar"
      onOk={() => criar.mutate()}
      confirmLoading={criar.isPending}
      onCancel={() => aoFechar(null)}
      width={620}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => criar.mutate()}>
        <Form.Item
          label="Data da contagem"
          htmlFor="inv-data"
          extra="Quando a prateleira foi contada. Vazio: agora."
        >
          <DatePicker
            id="inv-data"
            showTime={{ format: 'HH:mm' }}
            format="DD/MM/YYYY HH:mm"
            placeholder="Agora"
            value={data}
            maxDate={dayjs()}
            onChange={(v: Dayjs | null) => {
              setData(v);
              setRecusa(null);
            }}
          />
        </Form.Item>
        <Form.Item label="Descrição" htmlFor="inv-descricao">
          <Input
            id="inv-descricao"
            maxLength={100}
            placeholder="Ex.: Inventário mensal da câmara fria"
            value={descricao}
            onChange={(e) => setDescricao(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="Produtos">
          <Radio.Group
            value={produtos}
            onChange={(e) => {
              setProdutos(e.target.value);
              setRecusa(null);
            }}
            options={[
              { value: 'controlados', label: 'Controlados no estoque desta empresa' },
              { value: 'todos', label: 'Todos os produtos ativos (primeiro inventário)' },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="Grupos e categorias"
          htmlFor="inv-agrupadores"
          extra="Vazio: todos. Inclui os subgrupos."
        >
          <Select
            id="inv-agrupadores"
            mode="multiple"
            allowClear
            loading={opcoes.isPending}
            value={agrupadores}
            onChange={(v) => {
              setAgrupadores(v);
              setRecusa(null);
            }}
            optionFilterProp="label"
            options={(opcoes.data?.agrupadores ?? []).map((a) => ({
              value: a._id,
              label: `${a.descricao}${a.tipo === 'familia' ? ' (família)' : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          label="Localizações"
          htmlFor="inv-localizacoes"
          extra="Do Cadastro de Estoque desta empresa. Vazio: todas."
        >
          <Select
            id="inv-localizacoes"
            mode="multiple"
            allowClear
            loading={opcoes.isPending}
            value={localizacoes}
            onChange={(v) => {
              setLocalizacoes(v);
              setRecusa(null);
            }}
            options={(opcoes.data?.localizacoes ?? []).map((l) => ({ value: l, label: l }))}
          />
        </Form.Item>
        <Form.Item>
          <Checkbox checked={somenteComSaldo} onChange={(e) => setSomenteComSaldo(e.target.checked)}>
            Somente produtos com saldo na data
          </Checkbox>
        </Form.Item>
        <Form.Item extra="Quem conta não vê a quantidade do sistema; as diferenças aparecem só na revisão.">
          <Checkbox checked={cega} onChange={(e) => setCega(e.target.checked)}>
            Contagem cega
          </Checkbox>
        </Form.Item>
        {recusa && <Alert type="error" showIcon title={recusa} />}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
