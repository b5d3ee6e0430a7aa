import { createHash } from 'node:crypto';
import { indexarCatalogo, precoProduto, TIPO_VENDA } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm } from '../../db/consultar.ts';
import type { ServicoCatalogo } from '../vendas/catalogo.service.ts';

// The store's menu as an app reads it: our products (delivery price of the store: price table, store price,
// percentage), grouped by their first family, each unavailable when inactive in the store. Every offer's
// externalCode is our product id, so an order of a menu item maps back to the product without the mapping
// table; only items the app made up need to be mapped by hand.

export interface ProdutoCardapio {
  _id: string;
  descricao: string;
  gtin: string | null;
  unidade: 'UN' | 'KG' | 'L';
  /** Decimal text of the store's delivery price. */
  preco: string;
  ativo: boolean;
  categoria: { _id: string; descricao: string };
}

export interface CardapioLoja {
  merchantId: string;
  empresa: {
    _id: string;
    descricao: string;
    nomeFantasia: string | null;
    cnpj: string | null;
    telefone: string | null;
    email: string | null;
    endereco: Record<string, unknown> | null;
    latitude: number | null;
    longitude: number | null;
  };
  produtos: ProdutoCardapio[];
  atualizadoEm: string;
}

/** A stable UUID-shaped id for one of our ids (the standard's menu ids are UUIDs). */
export function uuidDe(tipo: string, id: string): string {
  const h = createHash('sha256').update(`${tipo}:${id}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const SEM_CATEGORIA = { _id: '000000000000000000000000', descricao: 'Outros' };
const TIPOS_FORA_DO_CARDAPIO = new Set(['Gorjeta', 'Taxa de Entrega', 'Servico', 'Serviço']);

function unidade(sigla: unknown): ProdutoCardapio['unidade'] {
  const s = String(sigla ?? '').toUpperCase();
  if (s === 'KG') return 'KG';
  if (s === 'L' || s === 'LT') return 'L';
  return 'UN';
}

/** Reads the store's products and prices (delivery sale type) for its menu. */
export async function lerCardapio(
  db: Db,
  catalogo: ServicoCatalogo,
  grupo: string,
  empresaId: string,
  merchantId: string,
  agora: Date,
): Promise<CardapioLoja> {
  const e = await consultarUm(
    db,
    sql`select id, descricao, nome_fantasia, cnpj, telefone, email, endereco, localizacao
        from empresa where id = ${empresaId} and grupo_empresarial_id = ${grupo}`,
  );
  if (!e) throw new Error('empresa da integração não encontrada');
  const cat = await catalogo.daLoja(grupo, empresaId);
  const indice = indexarCatalogo(cat.catalogo);
  const linhas = await consultar(
    db,
    sql`select p.id, p.gtin, u.sigla as unidade, a.id as familia_id, a.descricao as familia
        from produto_geral p
        left join unidade_medida u on u.grupo_empresarial_id = ${grupo} and u.id = p.unidade_id
        left join agrupador a on a.grupo_empresarial_id = ${grupo} and a.id = p.familias_ids[1]
        where p.grupo_empresarial_id = ${grupo} and p.lixo = false
        order by a.descricao nulls last, p.descricao`,
  );
  const produtos: ProdutoCardapio[] = [];
  for (const l of linhas) {
    const id = l.id as string;
    const p = cat.produtos.get(id);
    const venda = indice.produtos.get(id);
    if (!p || !venda || TIPOS_FORA_DO_CARDAPIO.has(p.tipoProduto) || p.tipoProduto === 'Generico') continue;
    const preco = precoProduto(indice, venda, empresaId, TIPO_VENDA.delivery);
    produtos.push({
      _id: id,
      descricao: p.descricao,
      gtin: (l.gtin as string | null) ?? null,
      unidade: unidade(l.unidade),
      preco: (preco / 100).toFixed(2),
      ativo: p.ativo,
      categoria: l.familia_id
        ? { _id: l.familia_id as string, descricao: l.familia as string }
        : SEM_CATEGORIA,
    });
  }
  const loc = (e.localizacao ?? null) as { lat?: unknown; lng?: unknown; coordinates?: unknown } | null;
  const coords = Array.isArray(loc?.coordinates) ? (loc.coordinates as number[]) : null;
  return {
    merchantId,
    empresa: {
      _id: e.id as string,
      descricao: e.descricao as string,
      nomeFantasia: (e.nome_fantasia as string | null) ?? null,
      cnpj: (e.cnpj as string | null) ?? null,
      telefone: (e.telefone as string | null) ?? null,
      email: (e.email as string | null) ?? null,
      endereco: (e.endereco as Record<string, unknown> | null) ?? null,
      latitude: typeof loc?.lat === 'number' ? loc.lat : (coords?.[1] ?? null),
      longitude: typeof loc?.lng === 'number' ? loc.lng : (coords?.[0] ?? null),
    },
    produtos,
    atualizadoEm: agora.toISOString(),
  };
}

const preco = (valor: string) => ({ value: Number(valor), currency: 'BRL' });
const textoOu = (v: unknown, padrao: string) => (typeof v === 'string' && v.trim() ? v.trim() : padrao);

/** The menu as Open Delivery's Merchant (GET /v1/merchant). */
export function merchantOpenDelivery(c: CardapioLoja): Record<string, unknown> {
  const e = c.empresa;
  const end = e.endereco ?? {};
  const categorias = new Map<string, { _id: string; descricao: string; ofertas: string[] }>();
  const items: Record<string, unknown>[] = [];
  const itemOffers: Record<string, unknown>[] = [];
  c.produtos.forEach((p, indice) => {
    const itemId = uuidDe('item', p._id);
    const ofertaId = uuidDe('oferta', p._id);
    const cat = categorias.get(p.categoria._id) ?? { ...p.categoria, ofertas: [] };
    cat.ofertas.push(ofertaId);
    categorias.set(p.categoria._id, cat);
    items.push({
      id: itemId,
      name: p.descricao.slice(0, 150),
      description: p.descricao,
      externalCode: p._id,
      status: p.ativo ? 'AVAILABLE' : 'UNAVAILABLE',
      unit: p.unidade,
      ...(p.gtin ? { ean: p.gtin } : {}),
    });
    itemOffers.push({
      id: ofertaId,
      itemId,
      index: indice,
      status: p.ativo ? 'AVAILABLE' : 'UNAVAILABLE',
      price: { value: Number(p.preco), originalValue: Number(p.preco), currency: 'BRL' },
    });
  });
  const categories = [...categorias.values()].map((cat, index) => ({
    id: uuidDe('categoria', cat._id),
    index,
    name: cat.descricao.slice(0, 150),
    externalCode: cat._id,
    status: 'AVAILABLE',
    itemOfferId: cat.ofertas,
  }));
  const menuId = uuidDe('cardapio', e._id);
  const semana = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
  return {
    lastUpdate: c.atualizadoEm,
    TTL: 500,
    id: c.merchantId,
    status: 'AVAILABLE',
    basicInfo: {
      name: (e.nomeFantasia ?? e.descricao).slice(0, 500),
      document: (e.cnpj ?? '').replace(/\D/g, '').padStart(14, '0').slice(0, 14),
      corporateName: e.descricao.slice(0, 500),
      description: e.nomeFantasia ?? e.descricao,
      averagePreparationTime: 30,
      minOrderValue: preco('0'),
      merchantType: 'RESTAURANT',
      merchantCategories: ['BRAZILIAN'],
      address: {
        country: 'BR',
        state: `BR-${textoOu(end.uf, 'SP')}`,
        city: textoOu(end.cidade, '-'),
        district: textoOu(end.bairro, '-'),
        street: textoOu(end.logradouro, '-'),
        number: textoOu(end.numero, 'S/N'),
        postalCode: textoOu(end.cep, '-'),
        complement: textoOu(end.complemento, '-'),
        latitude: e.latitude ?? 0,
        longitude: e.longitude ?? 0,
      },
      contactEmails: e.email ? [e.email] : [],
      contactPhones: { commercialNumber: (e.telefone ?? '').replace(/\D/g, '') || '0' },
      logoImage: { URL: 'https://example.com/logo.png' },
    },
    services: [
      {
        id: uuidDe('servico', e._id),
        status: 'AVAILABLE',
        serviceType: 'DELIVERY',
        menuId,
        serviceArea: {
          id: uuidDe('area', e._id),
          geoRadius: {
            geoMidpointLatitude: e.latitude ?? 0,
            geoMidpointLongitude: e.longitude ?? 0,
            radius: [{ size: 5000 }],
          },
        },
        serviceHours: {
          id: uuidDe('horario', e._id),
          weekHours: [
            { dayOfWeek: semana, timePeriods: { startTime: '00:00:00.000Z', endTime: '23:59:00.000Z' } },
          ],
        },
      },
    ],
    menus: [
      {
        id: menuId,
        name: 'Delivery',
        externalCode: e._id,
        categoryId: categories.map((x) => x.id),
      },
    ],
    categories,
    itemOffers,
    items,
  };
}
