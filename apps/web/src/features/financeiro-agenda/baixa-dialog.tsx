import { diaComercial, lerDinheiro, type TituloAgenda } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, DatePicker, Flex, Form, Input, Modal, Select, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ErroApi } from '../../lib/api/cliente.ts';
import { novoId } from '../../lib/ids/novo-id.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import {
  erroItemBaixa,
  type ItemBaixa,
  itemInicial,
  lerValorDigitado,
  movidoItem,
  totalBaixa,
} from './agenda.ts';
import { baixarTitulos, chavesAgenda, contasQuery } from './api.ts';
import { dataBr, moeda, moedaCentavos } from './formato.ts';

// Pay / receive many titles at once into one account on one day: each line may be partial and carry
// interest, fine and discount; the dialog shows what the account will move (the domain's valorMovimentadoBaixa,
// the sum the server posts). The operation's id is made when the dialog opens, so a double click or a retry
// after a lost answer settles once.

export function BaixaDialog({ titulos, aoFechar }: { titulos: TituloAgenda[]; aoFechar: () => void }) {
  const empresa = titulos[0]?.empresa ?? '';
  const [operacao] = useState(novoId);
  const [itens, setItens] = useState<ItemBaixa[]>(() => titulos.map(itemInicial));
  const [conta, setConta] = useState<string | undefined>(titulos.find((t) => t.conta)?.conta ?? undefined);
  const [data, setData] = useState(diaComercial(new Date()));
  const [erro, setErro] = useState<string | null>(null);
  const contas = useQuery(contasQuery(empresa));
  const cliente = useQueryClient();
  const erros = itens.map(erroItemBaixa);
  const total = totalBaixa(itens);
  const contaEscolhida = contas.data?.find((c) => c._id === conta);
  const taxa = itens.some((i) => Number(i.titulo.taxa) > 0);

  const baixar = useMutation({
    mutationFn: () =>
      baixarTitulos({
        _id: operacao,
        conta: conta ?? '',
        data,
        titulos: itens.map((i) => ({
          titulo: i.titulo._id,
          valor: lerValorDigitado(i.valor),
          ...(lerValorDigitado(i.juros) ? { juros: lerValorDigitado(i.juros) } : {}),
          ...(lerValorDigitado(i.multa) ? { multa: lerValorDigitado(i.multa) } : {}),
          ...(lerValorDigitado(i.desconto) ? { desconto: lerValorDigitado(i.desconto) } : {}),
        })),
      }),
    onSuccess: async () => {
      await cliente.invalidateQueries({ queryKey: chavesAgenda.todas });
      notificar({
        tipo: 'success',
        mensagem: itens.length > 1 ? `${itens.length} títulos baixados.` : 'Título baixado.',
      });
      aoFechar();
    },
    onError: (e) => setErro(e instanceof ErroApi ? e.message : String(e)),
  });

  const mudar = (i: number, campo: 'valor' | 'juros' | 'multa' | 'desconto', v: string) =>
    setItens((lista) => lista.map((x, j) => (j === i ? { ...x, [campo]: v } : x)));
  const campo = (i: number, nome: 'valor' | 'juros' | 'multa' | 'desconto', rotulo: string) => (
    <Input
      aria-label={`${rotulo} ${itens[i]?.titulo.descricao ?? ''} ${itens[i]?.titulo.parcela ?? ''}`}
      inputMode="decimal"
      size="small"
      style={{ width: 96, textAlign: 'right' }}
      value={itens[i]?.[nome].replace('.', ',')}
      status={nome === 'valor' && erros[i] ? 'error' : undefined}
      placeholder="0,00"
      onChange={(e) => mudar(i, nome, e.target.value)}
    />
  );
  const podeEnviar = Boolean(conta) && erros.every((e) => e === null) && !baixar.isPending;

  return (
    <Modal
      open
      width={940}
      title={titulos.length > 1 ? `Baixar ${titulos.length} títulos` : 'Baixar título'}
      okText="Confirmar baixa"
      cancelText="Cancelar"
      onCancel={aoFechar}
      onOk={() => {
        setErro(null);
        baixar.mutate();
      }}
      okButtonProps={{ disabled: !podeEnviar, loading: baixar.isPending }}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Flex wrap gap={12}>
          <Form.Item label="Conta" style={{ marginBottom: 0 }} htmlFor="baixa-conta">
            <Select
              id="baixa-conta"
              aria-label="Conta"
              style={{ minWidth: 300 }}
              loading={contas.isPending}
              value={conta}
              onChange={setConta}
              placeholder="Escolha a conta"
              options={(contas.data ?? []).map((c) => ({
                value: c._id,
                label: `${c.descricao} (saldo ${moeda(c.saldo)})`,
              }))}
            />
          </Form.Item>
          <Form.Item label="Data" style={{ marginBottom: 0 }}>
            <DatePicker
              aria-label="Data da baixa"
              format="DD/MM/YYYY"
              allowClear={false}
              value={dayjs(data)}
              onChange={(d) => d && setData(d.format('YYYY-MM-DD'))}
            />
          </Form.Item>
        </Flex>
        <Table<ItemBaixa>
          size="small"
          pagination={false}
          rowKey={(i) => i.titulo._id}
          dataSource={itens}
          scroll={{ x: 860 }}
          columns={[
            {
              title: 'Título',
              render: (_, i, n) => (
                <Flex vertical>
                  <span>
                    <Tag color={i.titulo.tipo === 'pagar' ? 'red' : 'green'}>
                      {i.titulo.tipo === 'pagar' ? 'Pagar' : 'Receber'}
                    </Tag>
                    {i.titulo.descricao}
                    {i.titulo.parcelas > 1 ? ` (${i.titulo.parcela}/${i.titulo.parcelas})` : ''}
                  </span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    Venc. {dataBr(i.titulo.vencimento)} · em aberto {moeda(i.titulo.valorAberto)}
                  </Typography.Text>
                  {erros[n] && (
                    <Typography.Text type="danger" style={{ fontSize: 12 }}>
                      {erros[n]}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            { title: 'Valor', width: 110, render: (_, _i, n) => campo(n, 'valor', 'Valor') },
            { title: 'Juros', width: 110, render: (_, _i, n) => campo(n, 'juros', 'Juros') },
            { title: 'Multa', width: 110, render: (_, _i, n) => campo(n, 'multa', 'Multa') },
            { title: 'Desconto', width: 110, render: (_, _i, n) => campo(n, 'desconto', 'Desconto') },
            {
              title: 'Movimenta',
              width: 120,
              align: 'right',
              render: (_, i) => (
                <span data-testid="movimenta-linha">
                  {i.titulo.tipo === 'pagar' ? '−' : '+'} {moedaCentavos(movidoItem(i))}
                </span>
              ),
            },
          ]}
        />
        <Flex wrap gap={32} justify="flex-end">
          {total.entra > 0 && <Statistic title="Entra na conta" value={moedaCentavos(total.entra)} />}
          {total.sai > 0 && <Statistic title="Sai da conta" value={moedaCentavos(total.sai)} />}
          <Statistic
            title="Total que será movimentado"
            value={moedaCentavos(total.liquido)}
            valueStyle={{ fontWeight: 600 }}
            data-testid="total-baixa"
          />
          {contaEscolhida && (
            <Statistic
              title="Saldo da conta depois"
              value={moedaCentavos(lerDinheiro(contaEscolhida.saldo) + total.liquido)}
            />
          )}
        </Flex>
        {taxa && (
          <Typography.Text type="secondary">
            Recebíveis de cartão: a taxa da operadora é descontada na proporção do valor recebido.
          </Typography.Text>
        )}
        {erro && <Alert type="error" showIcon title={erro} />}
      </Flex>
    </Modal>
  );
}
