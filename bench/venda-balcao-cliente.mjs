// Load client of bench/venda-balcao.bench.ts, run in its own process so the terminals do not share the
// server's event loop. Each of N terminals sells counter sales in a loop over HTTP keep-alive:
// create (Idempotency-Key) + 5 item launches + 2 payments + end. Prints one JSON line with the figures.
import { Agent, request } from 'undici';
import { corpoVendaInteira, id } from './venda-balcao-corpo.mjs';

const [url, dadosJson] = process.argv.slice(2);
const d = JSON.parse(dadosJson);
const agente = new Agent({ connections: d.conexoes, pipelining: 1, keepAliveTimeout: 30_000 });
const cabecalhos = {
  token: d.token,
  empresa: d.empresa,
  'content-type': 'application/json',
  version: 'bench',
};

const latRequisicao = [];
const latVenda = [];
let erros = 0;
let vendas = 0;

async function chamar(metodo, caminho, corpo, extra = {}) {
  const inicio = performance.now();
  const r = await request(`${url}${caminho}`, {
    method: metodo,
    headers: { ...cabecalhos, ...extra },
    body: JSON.stringify(corpo),
    dispatcher: agente,
  });
  const json = await r.body.json();
  latRequisicao.push(performance.now() - inicio);
  if (r.statusCode !== 200 || !json.valido) {
    erros++;
    throw new Error(`${caminho}: ${JSON.stringify(json).slice(0, 300)}`);
  }
  return json.data;
}

/** The same sale sent whole, as the counter terminal and the offline queue send it: one request. */
async function umaVendaInteira() {
  const inicio = performance.now();
  const venda = await chamar('POST', '/api/venda', corpoVendaInteira(d), { 'idempotency-key': id() });
  if (venda.troco === '0.00') throw new Error('troco esperado');
  if (venda.status.id !== 59) throw new Error('venda não encerrada');
  latVenda.push(performance.now() - inicio);
  vendas++;
}

async function umaVenda() {
  if (d.modo === 'inteira') return umaVendaInteira();
  const inicio = performance.now();
  const venda = await chamar(
    'POST',
    '/api/venda',
    { tipoVenda: 53, terminal: d.terminal },
    { 'idempotency-key': id() },
  );
  for (const produto of d.produtos) {
    await chamar('POST', `/api/venda/${venda._id}/itens`, { produtos: [{ produto }] });
  }
  await chamar('POST', `/api/venda/${venda._id}/pagamentos`, {
    _id: id(),
    formaPagamento: d.debito,
    valorPago: '20.00',
    terminal: d.terminal,
  });
  const paga = await chamar('POST', `/api/venda/${venda._id}/pagamentos`, {
    _id: id(),
    formaPagamento: d.dinheiro,
    valorPago: '200.00',
    terminal: d.terminal,
  });
  if (paga.troco === '0.00') throw new Error('troco esperado');
  const fim = await chamar('POST', `/api/venda/${venda._id}/encerrar`, {});
  if (fim.status.id !== 59) throw new Error('venda não encerrada');
  latVenda.push(performance.now() - inicio);
  vendas++;
}

async function terminal(ate) {
  while (performance.now() < ate) {
    try {
      await umaVenda();
    } catch (erro) {
      if (erros < 3) console.error(String(erro));
    }
  }
}

const p = (lista, q) => {
  const o = [...lista].sort((a, b) => a - b);
  return o.length ? Math.round(o[Math.min(o.length - 1, Math.floor((q / 100) * o.length))] * 10) / 10 : null;
};

// Warm-up (JIT, caches, connections), then the measured window.
await Promise.all(Array.from({ length: d.conexoes }, () => terminal(performance.now() + d.aquecimentoMs)));
latRequisicao.length = 0;
latVenda.length = 0;
vendas = 0;
erros = 0;
// Tells the server process the measured window starts (it samples its CPU and the database's here).
console.log(JSON.stringify({ fase: 'medindo' }));
const cpuInicio = process.cpuUsage();
const inicio = performance.now();
await Promise.all(Array.from({ length: d.conexoes }, () => terminal(inicio + d.duracaoMs)));
const segundos = (performance.now() - inicio) / 1000;
const cpuCliente = process.cpuUsage(cpuInicio);
console.log(JSON.stringify({ fase: 'fim' }));
await agente.close();
console.log(
  JSON.stringify({
    vendasPorSegundo: Math.round((vendas / segundos) * 10) / 10,
    requisicoesPorSegundo: Math.round(latRequisicao.length / segundos),
    vendas,
    latenciaRequisicaoP50ms: p(latRequisicao, 50),
    latenciaRequisicaoP99ms: p(latRequisicao, 99),
    latenciaVendaP50ms: p(latVenda, 50),
    latenciaVendaP99ms: p(latVenda, 99),
    erros,
    // This load client's own CPU (HTTP client, JSON), part of what the 2 cores spend per request.
    cpuClienteMsPorRequisicao:
      Math.round(((cpuCliente.user + cpuCliente.system) / 1000 / Math.max(1, latRequisicao.length)) * 100) /
      100,
  }),
);
