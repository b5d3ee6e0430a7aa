'use strict';
// Persistent xmllint (libxml2 compiled to WebAssembly by xmllint-wasm) worker for src/xsd.ts.
// xmllint-wasm spawns a worker and compiles xmllint.wasm on every call; here the wasm module is compiled
// once and each request only instantiates it (fresh memory and file system) and runs xmllint.
const { parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const pasta = dirname(require.resolve('xmllint-wasm'));
const Module = require(join(pasta, 'xmllint-node.js'));
const compilado = new WebAssembly.Module(readFileSync(join(pasta, 'xmllint.wasm')));

parentPort.on('message', (m) => {
  if (m?.xsdFiscal !== true) return;
  let stdout = '';
  let stderr = '';
  let respondido = false;
  const responder = (exitCode) => {
    if (respondido) return;
    respondido = true;
    parentPort.postMessage({ xsdFiscal: true, id: m.id, exitCode, stdout, stderr });
  };
  Module({
    inputFiles: m.inputFiles,
    arguments: m.args,
    print: (t) => {
      stdout += `${t}\n`;
    },
    printErr: (t) => {
      stderr += `${t}\n`;
    },
    onExit: responder,
    onAbort: (r) => {
      stderr += `WASM Abort: ${r}`;
      responder(-1);
    },
    wasmMemory: new WebAssembly.Memory({ initial: 512, maximum: 4096 }),
    instantiateWasm(imports, pronto) {
      WebAssembly.instantiate(compilado, imports).then((instancia) => pronto(instancia, compilado));
      return {};
    },
  }).catch((e) => {
    stderr += String(e);
    responder(-1);
  });
});
