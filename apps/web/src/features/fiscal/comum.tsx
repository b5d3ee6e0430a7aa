import { useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useSessao } from '../../lib/session/sessao.ts';
import type { Empresa } from '../../lib/session/tipos.ts';
import { conectarSocket } from '../../lib/socket/socket-cliente.ts';
import { empresasUsuarioQuery } from '../auth/queries.ts';
import type { Nfce } from './api.ts';

// Pieces shared by the fiscal screens: the stores of the user, the note status tag, the period and
// money formats, and the `nfceAlterada` socket subscription.

/** Spec 4: NFC-e status processado, erro, contingencia; a cancelled note shows 'Cancelada'. */
export function rotuloStatus(nota: Pick<Nfce, 'statusNota' | 'cancelado'>): { texto: string; cor: string } {
  if (nota.cancelado) return { texto: 'Cancelada', cor: 'default' };
  if (nota.statusNota === 'processado') return { texto: 'Autorizada', cor: 'success' };
  if (nota.statusNota === 'contingencia') return { texto: 'Contingência', cor: 'warning' };
  return { texto: 'Erro', cor: 'error' };
}

export function TagStatus({ nota }: { nota: Pick<Nfce, 'statusNota' | 'cancelado'> }) {
  const { texto, cor } = rotuloStatus(nota);
  return (
    <Tag color={cor} data-testid="status-nota">
      {texto}
    </Tag>
  );
}

const moeda = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
export const formatarMoeda = (valor: string | number | null | undefined): string =>
  moeda.format(Number(valor ?? 0));

export const formatarDataHora = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('DD/MM/YYYY HH:mm:ss') : '';

export const formatarData = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('DD/MM/YYYY') : '';

/** Period filter -> ISO bounds with the end day exclusive (the server filters `dhEmi < dataFinal`). */
export function limitesPeriodo(inicio: Dayjs, fim: Dayjs): { dataInicial: string; dataFinal: string } {
  return {
    dataInicial: inicio.startOf('day').format(),
    dataFinal: fim.add(1, 'day').startOf('day').format(),
  };
}

/** Access key in groups of 4 digits, as printed on the DANFE. */
export const formatarChave = (chave: string): string => chave.replace(/(\d{4})(?=\d)/g, '$1 ');

export function useEmpresas(): { empresas: Empresa[]; carregando: boolean } {
  const usuario = useSessao((s) => s.usuario);
  const grupo = useSessao((s) => s.grupoEmpresarial);
  const atual = useSessao((s) => s.empresa);
  const { data, isPending } = useQuery({
    ...empresasUsuarioQuery(grupo?._id ?? '', usuario?.usuario._id ?? ''),
    enabled: Boolean(grupo && usuario),
  });
  const empresas = data && data.length > 0 ? data : atual ? [atual] : [];
  return { empresas, carregando: isPending };
}

export function SeletorEmpresa({
  valor,
  aoMudar,
  id,
}: {
  valor: string | undefined;
  aoMudar: (empresa: string) => void;
  id?: string;
}) {
  const { empresas, carregando } = useEmpresas();
  return (
    <Select
      id={id}
      aria-label="Empresa"
      style={{ minWidth: 200 }}
      loading={carregando}
      value={valor}
      onChange={aoMudar}
      options={empresas.map((e) => ({ value: e._id, label: e.descricao }))}
    />
  );
}

/** Calls `aoAlterar` on every `nfceAlterada` of the current store (spec: queued notes authorised later). */
export function useNfceAlterada(aoAlterar: (dados: Partial<Nfce>) => void): void {
  const token = useSessao((s) => s.usuario?.token);
  const empresaId = useSessao((s) => s.empresa?._id);
  useEffect(() => {
    if (!token || !empresaId) return;
    const conexao = conectarSocket({ token, empresaId, aoStatus: () => {}, aoVersaoAtualizada: () => {} });
    conexao.socket.on('nfceAlterada', (dados: Partial<Nfce>) => aoAlterar(dados));
    return conexao.encerrar;
  }, [token, empresaId, aoAlterar]);
}
