/**
 * Who sent a request, as the transport saw it: the socket's remote address. Unlike the Host
 * header or X-Forwarded-For, a client cannot write it; behind the shop's reverse proxy, the proxy
 * names the client, and only a proxy the server was told to trust (TRUST_PROXY, trustedProxies)
 * is believed. Demo tools answer loopback sockets only; rate limits count per client.
 */
import { BlockList, isIP } from 'node:net'

export interface Client {
  /**
   * The client's address: the socket's remote address (node:http `socket.remoteAddress`), or
   * the one a trusted proxy names; empty when unknown.
   */
  remoteAddress: string
  /** The socket's remote address when a trusted proxy named another client (the demo tools' judge). */
  socketAddress?: string
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

/** Whether an address is one of the trusted proxies. */
export type TrustedProxies = (address: string) => boolean

/**
 * TRUST_PROXY's list (comma-separated addresses or CIDR networks, IPv4 or IPv6, e.g.
 * `127.0.0.1, 10.0.0.0/8, ::1`) as a test; throws naming the first entry it cannot read.
 */
export function trustedProxies(list: string): TrustedProxies {
  const trusted = new BlockList()
  for (const entry of list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address, bits, extra] = entry.split('/')
    const family = isIP(address)
    const prefix = Number(bits)
    const max = family === 6 ? 128 : 32
    if (!family || extra !== undefined || (bits !== undefined && !(prefix >= 0 && prefix <= max)))
      throw new Error(`TRUST_PROXY: "${entry}" is not an address or a network (a.b.c.d/n, x::y/n)`)
    const type = family === 6 ? 'ipv6' : 'ipv4'
    if (bits === undefined) trusted.addAddress(address, type)
    else trusted.addSubnet(address, prefix, type)
  }
  return (address) => {
    const bare = unmapped(address)
    const family = isIP(bare)
    return family !== 0 && trusted.check(bare, family === 6 ? 'ipv6' : 'ipv4')
  }
}

/** A Forwarded `for=` value's address: quotes, brackets and a port taken off. */
function forwardedFor(value: string): string {
  const bare = value.trim().replace(/^"|"$/g, '')
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(bare)
  if (bracketed) return bracketed[1]
  return isIP(bare) ? bare : bare.replace(/:\d+$/, '')
}

/** The hops a request passed, the client first: `Forwarded`'s `for=`, else `X-Forwarded-For`. */
function hops(headers: Headers): string[] {
  const forwarded = headers.get('forwarded')
  if (forwarded)
    return forwarded.split(',').flatMap((element) =>
      element
        .split(';')
        .map((pair) => pair.trim())
        .filter((pair) => /^for=/i.test(pair))
        .map((pair) => forwardedFor(pair.slice(4))),
    )
  return (headers.get('x-forwarded-for') ?? '').split(',').map((hop) => hop.trim())
}

/**
 * The client of a request that came over a socket from `socketAddress`: from a trusted proxy, the
 * last address its header chain names that is not a trusted proxy (each proxy appends the peer it
 * saw, so what lies further left is the client's to write); from anyone else, the socket.
 */
export function clientOf(
  socketAddress: string,
  headers: Headers,
  trusted?: TrustedProxies,
): Client {
  if (!trusted?.(socketAddress)) return { remoteAddress: socketAddress }
  let client = socketAddress
  for (const hop of hops(headers).reverse()) {
    if (!isIP(unmapped(hop))) break
    client = hop
    if (!trusted(hop)) break
  }
  return client === socketAddress
    ? { remoteAddress: socketAddress }
    : { remoteAddress: client, socketAddress }
}
