/** `npm start`'s server (settings: settings.ts), which builds first: the contract server by mode (handler.ts) over node:http. */
import { createContractServer } from './handler.ts'
import { serveOptions } from './settings.ts'
import { serve } from './core/node-adapter.ts'
import { defaultOwnHosts } from './demo/guard.ts'
import { MARKETS } from '../product/markets.ts'

const { port, host, options } = serveOptions(process.env)
const server = createContractServer(options)
await serve(server.handle, port, host)
const origin = server.ctx.origin
if (options.mode === 'demo') {
  console.log(`Demo and contract server on ${origin}/ (demo mode)`)
  console.log(
    `Markets: ${MARKETS.map((m) => m.path).join(' ')}  ·  /kit/  /_mail/  /_staff/  /_fault  (demo tools, for this machine at ${defaultOwnHosts(origin).join(' ')} only)`,
  )
} else console.log(`Contract server on ${origin}/ (contract mode): the calls of SPEC §7 only`)
