import { formatarMoeda, TIPO_VENDA, type Venda, validarNumeroMesa } from '@retaguarda/domain';
import { Button, Flex, Input, Typography, theme } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { notificar } from '../../lib/notify/notificar.ts';
import type { DadosFrenteLoja, ProdutoFrenteLoja } from './dados-referencia.ts';
import type { IndiceProdutos } from './indice-produtos.ts';
import { TelaVenda } from './tela-venda.tsx';
import { type VendaServidor, vendaApi } from './venda-api.ts';
import type { AmbienteVenda } from './venda-local.ts';

// Table (54) and tab (56) sales: the map of tables with their state, and the number search (spec 1
// section 2: table search only for the table sale type and not in call-center mode).

interface MesaMapa {
  mesa: number;
  vendaId: string;
  estado: 'ocupada' | 'emFechamento';
  total: string;
  saldo: string;
  itens: number;
}

export function TelaMesas({
  tipo,
  dados,
  indice,
  amb,
  registrarRecarga,
  registrarRecargaMapa,
  aoEncerrarVenda,
}: {
  tipo: 'mesa' | 'comanda';
  dados: DadosFrenteLoja;
  indice: IndiceProdutos<ProdutoFrenteLoja>;
  amb: AmbienteVenda;
  registrarRecarga: (fn: (() => void) | null) => void;
  registrarRecargaMapa: (fn: (() => void) | null) => void;
  /** A table or tab the cashier ended here: its receipt, as after a counter sale. */
  aoEncerrarVenda: (v: Venda) => void;
}) {
  const { token } = theme.useToken();
  const [mapa, setMapa] = useState<{ quantidadeMesas: number | null; mesas: MesaMapa[] }>({
    quantidadeMesas: null,
    mesas: [],
  });
  const [numero, setNumero] = useState('');
  const [aberta, setAberta] = useState<{ numero: number; venda?: VendaServidor } | null>(null);
  const rotulo = tipo === 'mesa' ? 'Mesa' : 'Comanda';
  const tipoVenda = tipo === 'mesa' ? TIPO_VENDA.mesa : TIPO_VENDA.comanda;

  const carregarMapa = useCallback(async () => {
    try {
      if (tipo === 'mesa') {
        setMapa(
          (await vendaApi.mapaMesas(dados.empresa._id)) as {
            quantidadeMesas: number | null;
            mesas: MesaMapa[];
          },
        );
      } else {
        const vendas = await vendaApi.buscar({
          empresa: dados.empresa._id,
          tipoVenda: 56,
          status: { $in: [57, 58] },
        });
        setMapa({
          quantidadeMesas: null,
          mesas: vendas.map((v) => ({
            mesa: v.comanda ?? 0,
            vendaId: v._id,
            estado: v.status.id === 58 ? 'emFechamento' : 'ocupada',
            total: v.total,
            saldo: v.total,
            itens: v.produtos.filter((i) => !i.cancelado).length,
          })),
        });
      }
    } catch {
      // toast shown
    }
  }, [tipo, dados.empresa._id]);

  useEffect(() => {
    if (aberta) return;
    void carregarMapa();
    registrarRecargaMapa(() => void carregarMapa());
    return () => registrarRecargaMapa(null);
  }, [aberta, carregarMapa, registrarRecargaMapa]);

  const abrir = async (texto: string) => {
    if (validarNumeroMesa(texto) !== true) {
      notificar({
        tipo: 'error',
        mensagem: tipo === 'mesa' ? 'Numero da mesa inválido' : 'Número da comanda inválido',
      });
      return;
    }
    const n = Number(texto);
    const ocupada = mapa.mesas.find((m) => m.mesa === n);
    if (!ocupada) {
      setAberta({ numero: n });
      return;
    }
    try {
      setAberta({ numero: n, venda: await vendaApi.obter(ocupada.vendaId) });
    } catch {
      // toast shown
    }
  };

  if (aberta) {
    return (
      <TelaVenda
        key={`${aberta.numero}-${aberta.venda?._id ?? 'nova'}`}
        dados={dados}
        indice={indice}
        amb={amb}
        tipoVenda={tipoVenda}
        {...(aberta.venda ? { vendaInicial: aberta.venda } : {})}
        criacao={tipo === 'mesa' ? { mesa: aberta.numero } : { comanda: aberta.numero }}
        titulo={`${rotulo} ${aberta.numero}`}
        offline={false}
        aoOffline={() => undefined}
        aoTerminar={(v) => {
          setAberta(null);
          setNumero('');
          if (v) aoEncerrarVenda(v);
        }}
        registrarRecarga={registrarRecarga}
      />
    );
  }

  const quantidade = Math.max(
    mapa.quantidadeMesas ?? 0,
    tipo === 'mesa' ? 24 : 0,
    ...mapa.mesas.map((m) => m.mesa),
  );
  const numeros =
    tipo === 'mesa' ? Array.from({ length: quantidade }, (_, i) => i + 1) : mapa.mesas.map((m) => m.mesa);

  return (
    <Flex vertical gap={12}>
      <Flex gap={8}>
        <Input
          size="large"
          autoFocus
          aria-label={`Número da ${rotulo.toLowerCase()}`}
          placeholder={`Número da ${rotulo.toLowerCase()}`}
          value={numero}
          onChange={(e) => setNumero(e.target.value)}
          onPressEnter={() => void abrir(numero)}
          style={{ maxWidth: 260 }}
        />
        <Button size="large" type="primary" onClick={() => void abrir(numero)}>
          Abrir {rotulo.toLowerCase()}
        </Button>
      </Flex>
      <div
        data-testid="mapa-mesas"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))', gap: 8 }}
      >
        {numeros.map((n) => {
          const m = mapa.mesas.find((x) => x.mesa === n);
          const cor = !m
            ? token.colorBorder
            : m.estado === 'emFechamento'
              ? token.colorWarning
              : token.colorPrimary;
          return (
            <Button
              key={n}
              data-testid={`mesa-${n}`}
              data-estado={m?.estado ?? 'livre'}
              onClick={() => void abrir(String(n))}
              style={{
                height: 76,
                display: 'flex',
                flexDirection: 'column',
                borderColor: cor,
                borderWidth: 2,
              }}
            >
              <Typography.Text strong style={{ fontSize: 18 }}>
                {n}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {m
                  ? `${m.estado === 'emFechamento' ? 'Fechando' : 'Ocupada'} · ${formatarMoeda(m.total)}`
                  : 'Livre'}
              </Typography.Text>
            </Button>
          );
        })}
      </div>
    </Flex>
  );
}
