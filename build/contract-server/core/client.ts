/**
 * Who sent a request, as the transport saw it: the socket's remote address. Unlike the Host
 * header or X-Forwarded-For, a client cannot write it. Demo tools answer loopback clients only;
 * rate limits count per client.
 */

export interface Client {
  /** The socket's remote address (node:http `socket.remoteAddress`); empty when unknown. */
  remoteAddress: string
}

/** A request whose sender is unknown: never local, and counted as one client. */
export const UNKNOWN_CLIENT: Client = { remoteAddress: '' }
/** In-process calls (the widget's unit tests): this machine. */
export const IN_PROCESS_CLIENT: Client = { remoteAddress: '127.0.0.1' }

const IPV4 = /^(\d{1,3})\.\d{1,3}\.\d{1,3}\.\d{1,3}$/

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4 address it is. */
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.)/i, '')

/** Whether the address is this machine's loopback interface: 127.0.0.0/8, ::1, ::ffff:127.x.y.z. */
export function isLoopback(address: string): boolean {
  const v4 = unmapped(address)
  return IPV4.exec(v4)?.[1] === '127' || address === '::1'
}

/**
 * The key a client is counted under: an IPv4 address as is, an IPv6 address by its /64 network
 * (one subscriber line gets a whole /64, so counting single addresses counts nothing).
 */
export function clientKey(client: Client): string {
  const address = unmapped(client.remoteAddress).toLowerCase()
  if (!address.includes(':')) return address
  const [head, tail = ''] = address.split('::')
  const groups = head ? head.split(':') : []
  const missing = 8 - groups.length - (tail ? tail.split(':').length : 0)
  const full = [
    ...groups,
    ...Array(Math.max(missing, 0)).fill('0'),
    ...(tail ? tail.split(':') : []),
  ]
  return `${full
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
