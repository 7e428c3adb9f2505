/** Serves the demo and the contract server (settings: serveOptions in contract-server/demo.ts). Run `npm start`, which builds first. */
import { createContractServer } from './handler.ts'
import { serveOptions } from './demo.ts'
import { serve } from './node-adapter.ts'
import { MARKETS } from '../product/markets.ts'

const { port, host, options } = serveOptions(process.env)
const server = createContractServer(options)
await serve(server.handle, port, host)
console.log(
  `${options.mode === 'demo' ? 'Demo and contract server' : 'Contract server'} on ${server.ctx.origin}/ (${options.mode} mode)`,
)
console.log(
  `Markets: ${MARKETS.map((m) => m.path).join(' ')}  ·  /kit/${options.mode === 'demo' ? '  /_mail/  /_staff/  /_fault  (demo tools, for this machine at ' + server.ctx.ownHosts.join(' ') + ' only)' : ''}`,
)
