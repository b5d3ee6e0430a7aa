// The sale sent whole (mode `inteira` of bench/venda-balcao.bench.ts) driven by autocannon instead of the bench's
// own client: the same 50 keep-alive connections in a closed loop, each request a new counter sale (new _id,
// payment ids and Idempotency-Key per request) created with 5 items, paid twice and ended. An independent load
// generator checks the figures of the bench's client. Same protocol with the parent: 'medindo', 'fim', result.
import autocannon from 'autocannon';
import { corpoVendaInteira, id } from './venda-balcao-corpo.mjs';

const [url, dadosJson] = process.argv.slice(2);
const d = JSON.parse(dadosJson);

let erros = 0;
let vendas = 0;
const rodar = (segundos) =>
  autocannon({
    url,
    connections: d.conexoes,
    pipelining: 1,
    duration: segundos,
    headers: { token: d.token, empresa: d.empresa, 'content-type': 'application/json', version: 'bench' },
    requests: [
      {
        method: 'POST',
        path: '/api/venda',
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, 'idempotency-key': id() },
          body: JSON.stringify(corpoVendaInteira(d)),
        }),
        onResponse: (status, corpo) => {
          const r = status === 200 ? JSON.parse(corpo) : null;
          if (r?.valido && r.data.status.id === 59 && r.data.troco !== '0.00') vendas++;
          else if (erros++ < 3) console.error(String(corpo).slice(0, 300));
        },
      },
    ],
  });

await rodar(Math.max(1, Math.round(d.aquecimentoMs / 1000)));
erros = 0;
vendas = 0;
console.log(JSON.stringify({ fase: 'medindo' }));
const cpuInicio = process.cpuUsage();
const r = await rodar(Math.round(d.duracaoMs / 1000));
const cpuCliente = process.cpuUsage(cpuInicio);
console.log(JSON.stringify({ fase: 'fim' }));
const total = r.requests.total;
console.log(
  JSON.stringify({
    vendasPorSegundo: Math.round((vendas / r.duration) * 10) / 10,
    requisicoesPorSegundo: Math.round(total / r.duration),
    vendas,
    latenciaRequisicaoP50ms: r.latency.p50,
    latenciaRequisicaoP99ms: r.latency.p99,
    latenciaVendaP50ms: r.latency.p50,
    latenciaVendaP99ms: r.latency.p99,
    erros: erros + r.errors + r.non2xx,
    cpuClienteMsPorRequisicao:
      Math.round(((cpuCliente.user + cpuCliente.system) / 1000 / Math.max(1, total)) * 100) / 100,
  }),
);
