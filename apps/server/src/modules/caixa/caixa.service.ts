import {
  escreverDinheiro,
  lerDinheiro,
  PERMISSAO,
  statusOperacaoCaixa,
  TIPO_PAGAMENTO,
  tiposPagamento,
} from '@retaguarda/domain';
import { figurasFechamento } from '@retaguarda/domain/caixa/fechamento';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { codigoErroPg, consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import type { CatalogoLoja } from '../vendas/catalogo.service.ts';
import type { Contexto, ServicoVendas } from '../vendas/vendas.service.ts';

// Cash periods (spec 1 sections 3 and 4, spec 2 section 7 "cash period"): open a register's period from a
// terminal, supplies and bleed-offs, closing with the count per payment type, reconciliation, and the
// closing report (spec 9: total sales = receipts + bleed-offs + payments - supplies).

export const STATUS_CAIXA = {
  abertoOcioso: 1,
  abertoOperando: 2,
  fechadoNaoConferido: 3,
  fechadoConferido: 4,
  fechadoConciliado: 5,
  fechadoComDivergencia: 6,
} as const;

export const MC = {
  terminalNaoInformado: 'Terminal não informado!',
  terminalNaoEncontrado: 'Terminal não encontrado nesta loja!',
  terminalSemCaixa: 'Terminal sem caixa configurado!',
  jaAberto: 'Já existe um período aberto para o caixa deste terminal!',
  semPeriodo: 'Não existe período (caixa) aberto para o caixa deste terminal!',
  periodoNaoEncontrado: 'Período não encontrado!',
  periodoFechado: 'Período já esta fechado!',
  periodoAberto: 'Período ainda esta aberto, feche o caixa antes de conciliar!',
  valorInvalido: 'Valor inválido',
  sangriaMaiorSaldo: 'Valor da sangria maior que o saldo em dinheiro do caixa!',
  diferencaConciliacao: (valor: string) =>
    `Fechamento com diferença de R$ ${valor.replace('.', ',')}: é necessária a liberação de supervisor (Fechar Caixa com Diferença) para conciliar.`,
  diferenca: (valor: string) =>
    `Existe diferença de R$ ${valor} no fechamento do caixa, é necessário liberação de supervisor (Fechar Caixa com Diferença)!`,
} as const;

export interface Contagem {
  tipo: number;
  valor: string;
}

const iso = (v: unknown) =>
  v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString();
const descricaoTipo = (tipo: number) => tiposPagamento.porId(tipo as 77)?.descricao ?? String(tipo);
const status = (id: number) => ({
  id,
  descricao: statusOperacaoCaixa.porId(id as 1)?.descricao ?? String(id),
});

function periodoJson(l: Linha) {
  const aberto = l.periodo_aberto === true;
  // An open period is 'operating' once it received a payment or a cash movement.
  const id = aberto && l.operando === true ? STATUS_CAIXA.abertoOperando : (l.status as number);
  return {
    _id: l.id as string,
    grupoEmpresarial: l.grupo_empresarial_id as string,
    empresa: l.empresa_id as string,
    caixa: l.caixa_id as string,
    terminal: (l.terminal_id as string | null) ?? null,
    periodoAberto: aberto,
    status: status(id),
    dataAbertura: iso(l.data_abertura),
    dataFechamento: iso(l.data_fechamento),
    operadorAbertura: l.operador_abertura_id as string,
    operadorFechamento: (l.operador_fechamento_id as string | null) ?? null,
    valorAbertura: l.valor_abertura as string,
    contagem: (l.contagem as Contagem[] | null) ?? null,
    apurado: (l.apurado as Contagem[] | null) ?? null,
    diferenca: (l.diferenca as string | null) ?? null,
    supervisorDiferenca: (l.supervisor_diferenca_id as string | null) ?? null,
    observacao: (l.observacao as string | null) ?? null,
  };
}
export type PeriodoJson = ReturnType<typeof periodoJson>;

const SELECT_PERIODO = sql`select p.*, p.valor_abertura::text as valor_abertura, p.diferenca::text as diferenca,
  (exists (select 1 from caixa_movimento m where m.periodo_id = p.id)
    or exists (select 1 from venda_pagamento vp where vp.grupo_empresarial_id = p.grupo_empresarial_id
               and vp.empresa_id = p.empresa_id and vp.periodo_id = p.id)) as operando
  from periodo p`;

export class ServicoCaixa {
  constructor(
    private readonly db: Db,
    private readonly vendas: ServicoVendas,
  ) {}

  private async catalogo(ctx: Contexto, empresa: string): Promise<CatalogoLoja> {
    return this.vendas.catalogo.daLoja(ctx.grupo, empresa);
  }

  private async caixaDoTerminal(ctx: Contexto, empresa: string, terminal: string | undefined) {
    if (!terminal) throw new ErroNegocio(MC.terminalNaoInformado);
    const t = (await this.catalogo(ctx, empresa)).terminais.get(terminal);
    if (!t) throw new ErroNegocio(MC.terminalNaoEncontrado);
    if (!t.caixa) throw new ErroNegocio(MC.terminalSemCaixa);
    return t.caixa;
  }

  private empresa(ctx: Contexto, empresa: string | undefined): string {
    const e = empresa ?? ctx.empresaCabecalho;
    if (!e) throw new ErroNegocio('Empresa não informada!');
    this.vendas.garantirEmpresa(ctx, e);
    return e;
  }

  /**
   * Spec 2 section 7: the open period whose register is the terminal's is current (periodoId, periodoAberto,
   * dataAbertura); existePeriodoAberto tells whether the store has any open period.
   */
  async atual(ctx: Contexto, empresaEntrada: string | undefined, terminal: string | undefined) {
    const empresa = this.empresa(ctx, empresaEntrada);
    const caixa = terminal ? (await this.catalogo(ctx, empresa)).terminais.get(terminal)?.caixa : undefined;
    const abertos = await consultar(
      this.db,
      sql`select id, caixa_id, data_abertura from periodo
          where grupo_empresarial_id = ${ctx.grupo} and empresa_id = ${empresa} and periodo_aberto`,
    );
    const atual = caixa ? abertos.find((p) => p.caixa_id === caixa) : undefined;
    return {
      periodoId: (atual?.id as string | undefined) ?? null,
      periodoAberto: atual !== undefined,
      dataAbertura: atual ? iso(atual.data_abertura) : null,
      existePeriodoAberto: abertos.length > 0,
      caixa: caixa ?? null,
    };
  }

  async abrir(
    ctx: Contexto,
    e: { empresa?: string | undefined; terminal?: string | undefined; valorAbertura?: string | undefined },
  ) {
    const empresa = this.empresa(ctx, e.empresa);
    this.vendas.exigir(ctx, PERMISSAO.abrirCaixa, empresa);
    const caixa = await this.caixaDoTerminal(ctx, empresa, e.terminal);
    const valor = e.valorAbertura ?? '0';
    if (lerDinheiro(valor) < 0) throw new ErroNegocio(MC.valorInvalido);
    const id = novoId();
    try {
      await consultar(
        this.db,
        sql`insert into periodo (id, grupo_empresarial_id, empresa_id, caixa_id, terminal_id, periodo_aberto, status,
              data_abertura, operador_abertura_id, valor_abertura)
            values (${id}, ${ctx.grupo}, ${empresa}, ${caixa}, ${e.terminal ?? null}, true, ${STATUS_CAIXA.abertoOcioso},
              ${ctx.agora}::timestamptz, ${ctx.usuarioId}, ${escreverDinheiro(lerDinheiro(valor))}::numeric)`,
      );
    } catch (erro) {
      if (codigoErroPg(erro) === '23505') throw new ErroNegocio(MC.jaAberto);
      throw erro;
    }
    return this.obter(ctx, id);
  }

  async obter(ctx: Contexto, id: string): Promise<PeriodoJson> {
    const l = await consultarUm(
      this.db,
      sql`${SELECT_PERIODO} where p.id = ${id} and p.grupo_empresarial_id = ${ctx.grupo}`,
    );
    if (!l) throw new ErroNegocio(MC.periodoNaoEncontrado);
    this.vendas.garantirEmpresa(ctx, l.empresa_id as string);
    return periodoJson(l);
  }

  async buscar(ctx: Contexto, filtro: Record<string, unknown>, limit: number | undefined) {
    const permitidas = [...ctx.permissoes.porEmpresa.keys()];
    if (permitidas.length === 0) return [];
    const condicoes: SQL[] = [
      sql`p.grupo_empresarial_id = ${ctx.grupo}`,
      sql`p.empresa_id in (${sql.join(
        permitidas.map((p) => sql`${p}`),
        sql`, `,
      )})`,
    ];
    for (const [campo, valor] of Object.entries(filtro)) {
      if (campo === 'grupoEmpresarial') continue; // the token's group, always
      if (campo === 'empresa' && typeof valor === 'string') condicoes.push(sql`p.empresa_id = ${valor}`);
      else if (campo === 'caixa' && typeof valor === 'string') condicoes.push(sql`p.caixa_id = ${valor}`);
      else if (campo === 'periodoAberto' && typeof valor === 'boolean')
        condicoes.push(sql`p.periodo_aberto = ${valor}`);
      else if (campo === '_id' && typeof valor === 'string') condicoes.push(sql`p.id = ${valor}`);
      else throw new ErroNegocio(`Filtro não permitido: ${campo}`);
    }
    const limite = Math.min(Math.max(1, Number.isInteger(limit) ? (limit as number) : 100), 500);
    const linhas = await consultar(
      this.db,
      sql`${SELECT_PERIODO} where ${sql.join(condicoes, sql` and `)} order by p.data_abertura desc limit ${limite}`,
    );
    return linhas.map(periodoJson);
  }

  /** Locks the open period of the terminal's register for the transaction. */
  private async periodoAbertoBloqueado(tx: Db, ctx: Contexto, empresa: string, caixa: string) {
    const l = await consultarUm(
      tx,
      sql`select id from periodo where grupo_empresarial_id = ${ctx.grupo} and empresa_id = ${empresa}
          and caixa_id = ${caixa} and periodo_aberto for update`,
    );
    if (!l) throw new ErroNegocio(MC.semPeriodo);
    return l.id as string;
  }

  /** Cash in the drawer: opening fund + cash receipts + supplies - bleed-offs. */
  private async saldoDinheiro(tx: Db, periodo: string): Promise<number> {
    const l = await consultarUm(
      tx,
      sql`select
            (select valor_abertura from periodo where id = ${periodo})::text as abertura,
            (select coalesce(sum(valor), 0) from venda_pagamento where periodo_id = ${periodo} and not lixo
               and tipo_pagamento = ${TIPO_PAGAMENTO.dinheiro})::text as dinheiro,
            (select coalesce(sum(case when tipo = 'suprimento' then valor else -valor end), 0)
               from caixa_movimento where periodo_id = ${periodo})::text as movimentos`,
    );
    return (
      lerDinheiro(String(l?.abertura ?? '0')) +
      lerDinheiro(String(l?.dinheiro ?? '0')) +
      lerDinheiro(String(l?.movimentos ?? '0'))
    );
  }

  async movimentar(
    ctx: Contexto,
    tipo: 'sangria' | 'suprimento',
    e: {
      empresa?: string | undefined;
      terminal?: string | undefined;
      valor: string;
      motivo?: string | undefined;
      liberacao?: string | undefined;
    },
  ) {
    const empresa = this.empresa(ctx, e.empresa);
    const permissao = tipo === 'sangria' ? PERMISSAO.sangria : PERMISSAO.suprimento;
    const { supervisor } = await this.vendas.liberar(ctx, e.liberacao, permissao, empresa, true);
    const caixa = await this.caixaDoTerminal(ctx, empresa, e.terminal);
    const valor = lerDinheiro(e.valor);
    if (valor <= 0) throw new ErroNegocio(MC.valorInvalido);
    const { valor: mov } = await this.vendas.transacao(ctx, async (tx) => {
      const periodo = await this.periodoAbertoBloqueado(tx, ctx, empresa, caixa);
      if (tipo === 'sangria' && valor > (await this.saldoDinheiro(tx, periodo)))
        throw new ErroNegocio(MC.sangriaMaiorSaldo);
      const n = await consultarUm(
        tx,
        sql`select count(*)::int + 1 as n from caixa_movimento where periodo_id = ${periodo}`,
      );
      const id = novoId();
      await consultar(
        tx,
        sql`insert into caixa_movimento (id, grupo_empresarial_id, empresa_id, periodo_id, caixa_id, terminal_id, tipo,
              valor, motivo, operador_id, supervisor_id, numero, created_at)
            values (${id}, ${ctx.grupo}, ${empresa}, ${periodo}, ${caixa}, ${e.terminal ?? null}, ${tipo},
              ${escreverDinheiro(valor)}::numeric, ${e.motivo ?? ''}, ${ctx.usuarioId},
              ${supervisor._id === ctx.usuarioId ? null : supervisor._id}, ${n?.n as number}, ${ctx.agora}::timestamptz)`,
      );
      return {
        _id: id,
        tipo,
        periodo,
        caixa,
        terminal: e.terminal ?? null,
        valor: escreverDinheiro(valor),
        motivo: e.motivo ?? '',
        operador: ctx.operador,
        supervisor,
        numero: n?.n as number,
        data: ctx.agora,
      };
    });
    return mov;
  }

  /** What the system expects per payment type (cash includes the fund, supplies and bleed-offs). */
  private async apurar(db: Db, periodo: string) {
    const [recebido, movimentos, p] = await Promise.all([
      consultar(
        db,
        sql`select tipo_pagamento as tipo, count(*)::int as quantidade, sum(valor)::text as valor
            from venda_pagamento where periodo_id = ${periodo} and not lixo group by tipo_pagamento order by tipo_pagamento`,
      ),
      consultar(
        db,
        sql`select id, tipo, valor::text as valor, motivo, operador_id, supervisor_id, numero, created_at
            from caixa_movimento where periodo_id = ${periodo} order by numero`,
      ),
      consultarUm(db, sql`select valor_abertura::text as v from periodo where id = ${periodo}`),
    ]);
    const soma = (tipo: string) =>
      movimentos.filter((m) => m.tipo === tipo).reduce((s, m) => s + lerDinheiro(m.valor as string), 0);
    const sangrias = soma('sangria');
    const suprimentos = soma('suprimento') + lerDinheiro(String(p?.v ?? '0'));
    const esperado = new Map<number, number>();
    for (const r of recebido) esperado.set(r.tipo as number, lerDinheiro(r.valor as string));
    const dinheiroVendas = esperado.get(TIPO_PAGAMENTO.dinheiro) ?? 0;
    esperado.set(TIPO_PAGAMENTO.dinheiro, dinheiroVendas + suprimentos - sangrias);
    return { recebido, movimentos, sangrias, suprimentos, esperado };
  }

  async fechar(
    ctx: Contexto,
    e: {
      empresa?: string | undefined;
      terminal?: string | undefined;
      periodo?: string | undefined;
      contagem?: Contagem[] | undefined;
      observacao?: string | undefined;
      liberacao?: string | undefined;
    },
  ) {
    const empresa = this.empresa(ctx, e.empresa);
    this.vendas.exigir(ctx, PERMISSAO.fecharCaixa, empresa);
    const caixa = e.periodo ? undefined : await this.caixaDoTerminal(ctx, empresa, e.terminal);
    // A difference needs permission 42: the operator's own or a supervisor's release (checked before the
    // transaction, it reads the users).
    const liberacao = e.liberacao
      ? await this.vendas.liberar(ctx, e.liberacao, PERMISSAO.fecharCaixaComDiferenca, empresa)
      : undefined;
    const podeDiferenca =
      liberacao !== undefined || this.vendas.tem(ctx, PERMISSAO.fecharCaixaComDiferenca, empresa);
    const { valor: id } = await this.vendas.transacao(ctx, async (tx) => {
      let periodo: string;
      if (e.periodo) {
        const l = await consultarUm(
          tx,
          sql`select id, periodo_aberto, empresa_id from periodo where id = ${e.periodo} and grupo_empresarial_id = ${ctx.grupo} for update`,
        );
        if (!l || l.empresa_id !== empresa) throw new ErroNegocio(MC.periodoNaoEncontrado);
        if (l.periodo_aberto !== true) throw new ErroNegocio(MC.periodoFechado);
        periodo = l.id as string;
      } else periodo = await this.periodoAbertoBloqueado(tx, ctx, empresa, caixa as string);
      const { esperado } = await this.apurar(tx, periodo);
      let diferenca: number | null = null;
      let novoStatus: number = STATUS_CAIXA.fechadoNaoConferido;
      if (e.contagem) {
        const contado = new Map<number, number>();
        for (const c of e.contagem) contado.set(c.tipo, (contado.get(c.tipo) ?? 0) + lerDinheiro(c.valor));
        const tipos = new Set([...esperado.keys(), ...contado.keys()]);
        diferenca = 0;
        let absoluta = 0;
        for (const t of tipos) {
          const d = (contado.get(t) ?? 0) - (esperado.get(t) ?? 0);
          diferenca += d;
          absoluta += Math.abs(d);
        }
        if (absoluta > 0 && !podeDiferenca) throw new ErroNegocio(MC.diferenca(escreverDinheiro(diferenca)));
        novoStatus = absoluta > 0 ? STATUS_CAIXA.fechadoComDivergencia : STATUS_CAIXA.fechadoConferido;
      }
      const apurado = [...esperado].map(([tipo, v]) => ({ tipo, valor: escreverDinheiro(v) }));
      await consultar(
        tx,
        sql`update periodo set periodo_aberto = false, status = ${novoStatus}, data_fechamento = ${ctx.agora}::timestamptz,
              operador_fechamento_id = ${ctx.usuarioId}, contagem = ${e.contagem ? JSON.stringify(e.contagem) : null}::jsonb,
              apurado = ${JSON.stringify(apurado)}::jsonb,
              diferenca = ${diferenca === null ? null : escreverDinheiro(diferenca)}::numeric,
              supervisor_diferenca_id = ${diferenca ? (liberacao?.supervisor._id ?? null) : null},
              observacao = ${e.observacao ?? null}, updated_at = now()
            where id = ${periodo}`,
      );
      return periodo;
    });
    return this.relatorio(ctx, id);
  }

  /**
   * Reconciling a closed period (conciliacaoCaixa, issue 18): the checker confirms it and the finance worker
   * posts its cash. A closing with a divergence is accepted only with permission 42 (Fechar Caixa com
   * Diferença), the checker's own or a supervisor's release; the reconciliation records who accepted it, its
   * note, when and who reconciled, in its own columns (the closing's supervisor and note are kept).
   */
  async conciliar(
    ctx: Contexto,
    periodoId: string,
    e: { liberacao?: string | undefined; observacao?: string | undefined } = {},
  ) {
    const p = await this.obter(ctx, periodoId);
    this.vendas.exigir(ctx, PERMISSAO.conciliacaoCaixaManter, p.empresa);
    if (p.periodoAberto) throw new ErroNegocio(MC.periodoAberto);
    if (p.status.id === STATUS_CAIXA.fechadoConciliado) return p;
    let aceitoPor: string | null = null;
    if (p.status.id === STATUS_CAIXA.fechadoComDivergencia) {
      if (e.liberacao) {
        const l = await this.vendas.liberar(ctx, e.liberacao, PERMISSAO.fecharCaixaComDiferenca, p.empresa);
        aceitoPor = l.supervisor._id;
      } else if (this.vendas.tem(ctx, PERMISSAO.fecharCaixaComDiferenca, p.empresa))
        aceitoPor = ctx.usuarioId;
      else throw new ErroNegocio(MC.diferencaConciliacao(p.diferenca ?? '0.00'));
    }
    // The reconciliation's own columns: the closing's supervisor and note (what the POS recorded) stay as they were.
    await consultar(
      this.db,
      sql`update periodo set status = ${STATUS_CAIXA.fechadoConciliado},
            conciliacao_supervisor_id = ${aceitoPor}, conciliacao_observacao = ${e.observacao || null},
            conciliado_em = ${ctx.agora}::timestamptz, conciliado_por_id = ${ctx.usuarioId}, updated_at = now()
          where id = ${periodoId} and status <> ${STATUS_CAIXA.fechadoConciliado}`,
    );
    return this.obter(ctx, periodoId);
  }

  /**
   * Closing report. Spec 9: total sales = receipts + bleed-offs + payments - supplies, where receipts is the
   * cash left in the drawer, payments the other payment types, supplies include the opening fund. Counted
   * values are used once the period was closed with a count, the system's otherwise.
   */
  async relatorio(ctx: Contexto, periodoId: string) {
    const periodo = await this.obter(ctx, periodoId);
    const { recebido, movimentos, sangrias, suprimentos, esperado } = await this.apurar(this.db, periodoId);
    const contado = new Map<number, number>();
    for (const c of periodo.contagem ?? [])
      contado.set(c.tipo, (contado.get(c.tipo) ?? 0) + lerDinheiro(c.valor));
    const base = periodo.contagem ? contado : esperado;
    const dinheiro = base.get(TIPO_PAGAMENTO.dinheiro) ?? 0;
    let outros = 0;
    for (const [t, v] of base) if (t !== TIPO_PAGAMENTO.dinheiro) outros += v;
    const tipos = [...new Set([...esperado.keys(), ...contado.keys()])].sort((a, b) => a - b);
    const vendas = await consultarUm(
      this.db,
      sql`select count(*)::int as quantidade, coalesce(sum(total), 0)::text as total from venda
          where grupo_empresarial_id = ${ctx.grupo} and empresa_id = ${periodo.empresa} and periodo_id = ${periodoId}
            and status = 59`,
    );
    return {
      periodo,
      recebimentos: recebido.map((r) => ({
        tipo: r.tipo as number,
        descricao: descricaoTipo(r.tipo as number),
        quantidade: r.quantidade as number,
        valor: r.valor as string,
      })),
      conferencia: tipos.map((t) => ({
        tipo: t,
        descricao: descricaoTipo(t),
        esperado: escreverDinheiro(esperado.get(t) ?? 0),
        contado: periodo.contagem ? escreverDinheiro(contado.get(t) ?? 0) : null,
        diferenca: periodo.contagem ? escreverDinheiro((contado.get(t) ?? 0) - (esperado.get(t) ?? 0)) : null,
      })),
      sangrias: movimentos.filter((m) => m.tipo === 'sangria').map(movimentoJson),
      suprimentos: movimentos.filter((m) => m.tipo === 'suprimento').map(movimentoJson),
      valorAbertura: periodo.valorAbertura,
      totalSangrias: escreverDinheiro(sangrias),
      totalSuprimentos: escreverDinheiro(suprimentos),
      dinheiroEmCaixa: escreverDinheiro(dinheiro),
      totalOutrosPagamentos: escreverDinheiro(outros),
      totalVendas: escreverDinheiro(dinheiro + sangrias + outros - suprimentos),
      vendasEncerradas: {
        quantidade: (vendas?.quantidade as number) ?? 0,
        total: String(vendas?.total ?? '0.00'),
      },
      diferenca: periodo.diferenca,
      // Every figure labelled as the screen and the printed slip show it (domain caixa/fechamento.ts).
      figuras: figurasFechamento({
        valorAbertura: periodo.valorAbertura,
        vendas: recebido.map((r) => ({
          tipo: r.tipo as number,
          descricao: descricaoTipo(r.tipo as number),
          quantidade: r.quantidade as number,
          valor: r.valor as string,
        })),
        suprimentos: movimentos.filter((m) => m.tipo === 'suprimento').map((m) => m.valor as string),
        sangrias: movimentos.filter((m) => m.tipo === 'sangria').map((m) => m.valor as string),
        contagem: periodo.contagem,
        descricaoTipo,
      }),
    };
  }
}

function movimentoJson(m: Linha) {
  return {
    _id: m.id as string,
    tipo: m.tipo as string,
    valor: m.valor as string,
    motivo: m.motivo as string,
    operador: m.operador_id as string,
    supervisor: (m.supervisor_id as string | null) ?? null,
    numero: m.numero as number,
    data: iso(m.created_at),
  };
}
