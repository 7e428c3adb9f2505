/** Serves the demo and the contract server: PORT (default 8080). Run `npm start`, which builds first. */
import { createContractServer } from './contract-server/handler.ts'
import { serve } from './contract-server/node-adapter.ts'
import { MARKETS } from './markets.ts'

const port = Number(process.env.PORT ?? 8080)
const host = process.env.HOST ?? '127.0.0.1'
const server = createContractServer()
await serve(server.handle, port, host)
console.log(`Demo and contract server on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`)
console.log(`Markets: ${MARKETS.map((m) => m.path).join(' ')}  ·  /kit/  /_mail/  /_staff/`)
