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

/** An IPv6 address's eight groups, written out (no `::`, no leading zeros). */
function ipv6Groups(address: string): string[] {
  const [head, tail = ''] = address.split('::')
  const groups = head ? head.split(':') : []
  const rest = tail ? tail.split(':') : []
  const missing = 8 - groups.length - rest.length
  return [...groups, ...Array(Math.max(missing, 0)).fill('0'), ...rest].map((g) =>
    g.replace(/^0+(?=.)/, ''),
  )
}

/** The address's network of `v4Octets` octets (IPv4) or `v6Groups` groups of 16 bits (IPv6). */
function prefixKey(client: Client, v4Octets: number, v6Groups: number): string {
  const address = unmapped(client.remoteAddress).toLowerCase()
  if (!address.includes(':')) {
    if (v4Octets === 4) return address
    return `${address.split('.').slice(0, v4Octets).join('.')}.0/${v4Octets * 8}`
  }
  return `${ipv6Groups(address).slice(0, v6Groups).join(':')}::/${v6Groups * 16}`
}

/**
 * The key a client is counted under: an IPv4 address as is, an IPv6 address by its /64 network
 * (one subscriber line gets a whole /64, so counting single addresses counts nothing).
 */
export const clientKey = (client: Client): string => prefixKey(client, 4, 4)

/**
 * The network a client belongs to, for limits one network shares: IPv4 by its /24, IPv6 by its
 * /48 (what one site or one customer is usually given). Many addresses of one network are one
 * party's as often as not, so what they may do and hold together is bounded too.
 */
export const networkKey = (client: Client): string => prefixKey(client, 3, 3)
