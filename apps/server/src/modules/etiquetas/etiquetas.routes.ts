import { diaComercial, TIPO_IMPRESSAO } from '@retaguarda/domain';
import { permissoesDoRecurso } from '@retaguarda/domain/catalogos/permissoes';
import {
  type EtiquetaProduto,
  formatoEtiqueta,
  gerarEtiquetas,
  type ImpressorasEtiquetas,
  type ItemEtiqueta,
  imprimirEtiquetasSchema,
  type LinguagemEtiqueta,
  linguagemDoModelo,
  MENSAGENS_ETIQUETA,
  montarEtiquetas,
  NOMES_LINGUAGEM,
  type ProdutoEtiqueta,
  previaEtiquetasSchema,
  produtosAlteradosSchema,
  type RespostaImpressaoEtiquetas,
  type RespostaPreviaEtiquetas,
} from '@retaguarda/domain/etiquetas/index';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultar, type Linha } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { consultarProdutosEtiqueta, produtosAlteradosDesde } from './produtos-etiqueta.ts';

// Shelf and product labels (issue 20 "Labels", route gerenciarEtiquetas, permission 634 'acessar'):
// POST /api/etiquetas/impressoras   the store's terminals and the print sectors whose printer prints labels
// POST /api/etiquetas/previa        the labels of a selection (texts, layout, warnings) and, for a printer
//                                   model, the commands in its language
// POST /api/etiquetas/imprimir      the batch in the sector printer's language, queued as ONE print job
//                                   (type 5 'Outros') that the store's print agent sends to the printer
// POST /api/etiquetas/alterados     products whose price or promotion changed since a day (batch after a
//                                   price correction or a new promotion)
// A refusal (negative price, invalid EAN, empty selection, non-label printer) is a pt-BR message and queues
// nothing. The layouts and languages are pure code in packages/domain/src/etiquetas.

export const MENSAGENS_ETIQUETAS_SERVIDOR = {
  naoEncontrado: 'Produto selecionado não encontrado.',
  terminalOutraLoja: 'O terminal escolhido não é desta empresa.',
  semImpressora: (s: string) => `O setor de impressão ${s} não tem impressora configurada.`,
  naoEtiqueta: (d: string) =>
    `A impressora ${d} não imprime etiquetas: escolha uma impressora Zebra (ZPL), Argox (PPLA), Elgin L42 (PPLB) ou uma impressora de cupom ESC/POS.`,
  modelo: 'Modelo de impressora sem linguagem de etiquetas.',
} as const;

const PERMISSAO = permissoesDoRecurso('gerenciarEtiquetas').acessar;

export async function rotasEtiquetas(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.servicos.banco.db;
  const hoje = () => diaComercial(app.servicos.tempo.agora());

  async function etiquetasDaSelecao(
    request: FastifyRequest,
    empresa: string,
    itens: readonly ItemEtiqueta[],
  ): Promise<ProdutoEtiqueta[]> {
    const g = sessaoDe(request).grupoEmpresarialId;
    if (itens.length === 0) throw new ErroNegocio(MENSAGENS_ETIQUETA.semSelecao);
    const produtos = await consultarProdutosEtiqueta(db, g, empresa, hoje(), [
      ...new Set(itens.map((i) => i.produto)),
    ]);
    return itens.map((i) => {
      const p = produtos.get(i.produto);
      if (!p) throw new ErroNegocio(MENSAGENS_ETIQUETAS_SERVIDOR.naoEncontrado);
      const etiqueta: EtiquetaProduto = {
        ...p.etiqueta,
        quantidade: i.quantidade ?? 1,
        ...(i.validadeDias !== undefined ? { validadeDias: i.validadeDias } : {}),
        ...(i.conteudo ? { conteudo: i.conteudo } : {}),
      };
      return { ...p, etiqueta };
    });
  }

  r.post(
    '/api/etiquetas/impressoras',
    { schema: { tags: ['etiquetas'], body: z.object({ empresa: z.string().min(1).max(40) }) } },
    async (request) => {
      const { empresa } = request.body;
      await exigirPermissaoTela(app, request, PERMISSAO, empresa);
      const g = sessaoDe(request).grupoEmpresarialId;
      const [terminais, setores] = await Promise.all([
        consultar(
          db,
          sql`select id, descricao from terminal where grupo_empresarial_id = ${g} and empresa_id = ${empresa}
              and lixo = false order by descricao`,
        ),
        consultar(
          db,
          sql`select s.id, s.descricao, i.id as impressora_id, i.descricao as impressora, i.modelo, i.formato_etiqueta
              from setor_impressao s join impressora i on i.id = s.impressora_id and i.lixo = false
              where s.grupo_empresarial_id = ${g} and s.empresa_id = ${empresa} and s.lixo = false
              order by s.descricao`,
        ),
      ]);
      return ok<ImpressorasEtiquetas>({
        terminais: terminais.map((t) => ({ _id: t.id as string, descricao: t.descricao as string })),
        setores: setores.flatMap((s) => {
          const modelo = modeloDe(s);
          const linguagem = modelo === null ? undefined : linguagemDoModelo(modelo);
          return linguagem && modelo !== null
            ? [
                {
                  _id: s.id as string,
                  descricao: s.descricao as string,
                  impressora: s.impressora as string,
                  modelo,
                  linguagem,
                  nomeLinguagem: NOMES_LINGUAGEM[linguagem],
                  formatoEtiqueta: (s.formato_etiqueta as { id?: number } | null)?.id ?? null,
                },
              ]
            : [];
        }),
      });
    },
  );

  r.post(
    '/api/etiquetas/previa',
    { schema: { tags: ['etiquetas'], body: previaEtiquetasSchema } },
    async (request) => {
      const { empresa, formato, modelo, itens } = request.body;
      await exigirPermissaoTela(app, request, PERMISSAO, empresa);
      const produtos = await etiquetasDaSelecao(request, empresa, itens);
      const data = hoje();
      const etiquetas = produtos.map((p) => p.etiqueta);
      const montado = montarEtiquetas(etiquetas, formato, data);
      if (!montado.ok) throw new ErroNegocio(montado.mensagem);
      let comandos: { linguagem: LinguagemEtiqueta; texto: string } | undefined;
      if (modelo !== undefined) {
        const linguagem = linguagemDoModelo(modelo);
        if (!linguagem) throw new ErroNegocio(MENSAGENS_ETIQUETAS_SERVIDOR.modelo);
        const gerado = gerarEtiquetas(linguagem, etiquetas, formato, data);
        if (!gerado.ok) throw new ErroNegocio(gerado.mensagem);
        comandos = { linguagem, texto: comandosLegiveis(linguagem, gerado.valor.bytes) };
      }
      const descricaoFormato = formatoEtiqueta(formato);
      if (!descricaoFormato) throw new ErroNegocio(MENSAGENS_ETIQUETA.formato);
      return ok<RespostaPreviaEtiquetas>({
        dia: data,
        formato: descricaoFormato,
        produtos,
        layouts: montado.valor.layouts,
        avisos: montado.valor.avisos,
        total: montado.valor.total,
        ...(comandos ? { comandos } : {}),
      });
    },
  );

  r.post(
    '/api/etiquetas/imprimir',
    { schema: { tags: ['etiquetas'], body: imprimirEtiquetasSchema } },
    async (request) => {
      const { empresa, formato, terminal, setorImpressao, itens } = request.body;
      await exigirPermissaoTela(app, request, PERMISSAO, empresa);
      const s = sessaoDe(request);
      const g = s.grupoEmpresarialId;
      const impressao = app.servicos.impressao;
      if (!impressao) throw new ErroNegocio('Fila de impressão indisponível.');
      const t = await impressao.terminal(g, terminal);
      if (t.empresaId !== empresa) throw new ErroNegocio(MENSAGENS_ETIQUETAS_SERVIDOR.terminalOutraLoja);
      const setor = await impressao.setor(g, empresa, setorImpressao);
      if (!setor.impressora)
        throw new ErroNegocio(MENSAGENS_ETIQUETAS_SERVIDOR.semImpressora(setor.descricao));
      const modelo = modeloDe(setor.impressora);
      const linguagem = modelo === null ? undefined : linguagemDoModelo(modelo);
      if (!linguagem) {
        throw new ErroNegocio(MENSAGENS_ETIQUETAS_SERVIDOR.naoEtiqueta(String(setor.impressora.descricao)));
      }
      const produtos = await etiquetasDaSelecao(request, empresa, itens);
      const gerado = gerarEtiquetas(
        linguagem,
        produtos.map((p) => p.etiqueta),
        formato,
        hoje(),
      );
      if (!gerado.ok) throw new ErroNegocio(gerado.mensagem);
      const jobs = await impressao.criar(
        { grupoEmpresarialId: g, usuarioId: s.usuarioId },
        {
          terminalId: terminal,
          setorImpressaoId: setor.id,
          tipoImpressao: TIPO_IMPRESSAO.outros,
          descricao: `Etiquetas (${gerado.valor.total}) - ${formatoEtiqueta(formato)?.descricao ?? ''}`,
          conteudo: gerado.valor.bytes,
          // each product's quantity is its copies: the sector's copies (set for receipts) would double the batch
          umaVia: true,
        },
        undefined,
        t,
      );
      impressao.avisarNovas(jobs);
      return ok<RespostaImpressaoEtiquetas>({
        impressoes: jobs.map((j) => j._id),
        total: gerado.valor.total,
        linguagem,
        bytes: gerado.valor.bytes.length,
        avisos: gerado.valor.avisos,
      });
    },
  );

  r.post(
    '/api/etiquetas/alterados',
    { schema: { tags: ['etiquetas'], body: produtosAlteradosSchema } },
    async (request) => {
      const { empresa, desde } = request.body;
      await exigirPermissaoTela(app, request, PERMISSAO, empresa);
      return ok(
        await produtosAlteradosDesde(db, sessaoDe(request).grupoEmpresarialId, empresa, desde, hoje()),
      );
    },
  );
}

/** The commands as text for the screen: ZPL read as UTF-8, the others as Latin-1; control bytes as <1B>. */
function comandosLegiveis(linguagem: LinguagemEtiqueta, bytes: Uint8Array): string {
  const texto = Buffer.from(bytes).toString(linguagem === 'ZPL' ? 'utf8' : 'latin1');
  let r = '';
  for (const c of texto.replace(/\r\n?/g, '\n')) {
    const p = c.charCodeAt(0);
    r += (p < 0x20 && c !== '\n') || p === 0x7f ? `<${p.toString(16).toUpperCase().padStart(2, '0')}>` : c;
  }
  return r;
}

function modeloDe(l: Linha): number | null {
  const m = (l.modelo as { id?: unknown } | null)?.id;
  return typeof m === 'number' ? m : null;
}
