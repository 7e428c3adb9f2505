/**
 * The newsletter's records: pending sign-ups (waiting for their confirmation) and confirmed
 * subscribers with the evidence of their consent. Confirmed records are never dropped: they are
 * what the shop must be able to prove. Pending ones make room only by expiring; when the pending
 * store is full, new sign-ups wait instead of pushing anyone's live link out.
 */
import type { SubscriberRequest } from '../../../../src/newsletter/newsletter.schema.ts'
import type { Site } from '../../../../src/sites.ts'
import { featureState, type ServerContext } from '../context.ts'

/** Confirmation links are valid this long. */
export const DOI_TOKEN_TTL_MS = 48 * 60 * 60 * 1000

export interface Subscriber {
  token: string
  request: SubscriberRequest
  status: 'WAITING_FOR_DOI' | 'SUBSCRIBED'
  /** Evidence of the sign-up: when, where, and what the visitor agreed to. */
  evidence: {
    receivedAt: string
    site: Site
    locale: string
    pageAddress: string | null
    consents: string[]
    consentTextVersion: string
  }
  /** Until when the link of the confirmation mail works (ms). */
  expiresAt: number
  /** The network the sign-up came from (networkKey), so each network's pending share is bounded. */
  network: string
  confirmedAt?: string
}

interface Store {
  byToken: Map<string, Subscriber>
  /** The pending sign-up's token per address (addressKey): one pending confirmation per address. */
  pendingByAddress: Map<string, string>
}

const store = (ctx: ServerContext) =>
  featureState<Store>(ctx, 'newsletter-store', () => ({
    byToken: new Map(),
    pendingByAddress: new Map(),
  }))

/** An address as a record's identity: the same address in any case is the same subscriber. */
export const addressKey = (email: string) => email.toLowerCase()

/**
 * The mailbox an address delivers to, as far as it is safe to tell without knowing the provider:
 * case ignored, and a `+tag` of the local part, which practically every provider delivers to the
 * untagged mailbox. Provider rules (Gmail's dots, `-` tags) are left alone: they would merge
 * other people's mailboxes elsewhere. Used only to pace mails, where merging two addresses delays
 * a mail and never touches a record; a record's identity is addressKey.
 */
export function mailboxKey(email: string): string {
  const at = email.lastIndexOf('@')
  const local = email.slice(0, at).split('+')[0]
  return `${local}@${email.slice(at + 1)}`.toLowerCase()
}

/** The sign-up of a token while its link is valid (pending), or its confirmed record. */
export function usable(ctx: ServerContext, token: string): Subscriber | undefined {
  const subscriber = store(ctx).byToken.get(token)
  if (subscriber?.status === 'SUBSCRIBED') return subscriber
  return subscriber && subscriber.expiresAt > ctx.now().getTime() ? subscriber : undefined
}

/** The address's pending sign-up whose link still works. */
export function pendingFor(ctx: ServerContext, email: string): Subscriber | undefined {
  const subscriber = usable(ctx, store(ctx).pendingByAddress.get(addressKey(email)) ?? '')
  return subscriber?.status === 'WAITING_FOR_DOI' ? subscriber : undefined
}

/**
 * Seconds until a pending sign-up can be stored: 0 when there is room (after expired sign-ups,
 * which hold no consent, are dropped), else until the oldest link expires.
 */
export function pendingRoomIn(ctx: ServerContext): number {
  const { byToken, pendingByAddress } = store(ctx)
  if (pendingByAddress.size < ctx.limits.pendingSignUps) return 0
  const now = ctx.now().getTime()
  let soonest = Number.POSITIVE_INFINITY
  for (const [address, token] of pendingByAddress) {
    const expiresAt = byToken.get(token)?.expiresAt ?? 0
    if (expiresAt <= now) {
      pendingByAddress.delete(address)
      byToken.delete(token)
    } else soonest = Math.min(soonest, expiresAt)
  }
  return pendingByAddress.size < ctx.limits.pendingSignUps ? 0 : Math.ceil((soonest - now) / 1000)
}

/**
 * The pending sign-ups whose links still work, of one network (networkKey) or of everybody:
 * when each link expires (ms), soonest first.
 */
export function pendingExpiries(ctx: ServerContext, of: { network?: string } = {}): number[] {
  const { byToken, pendingByAddress } = store(ctx)
  const now = ctx.now().getTime()
  const expiries: number[] = []
  for (const token of pendingByAddress.values()) {
    const subscriber = byToken.get(token)
    if (
      subscriber &&
      subscriber.expiresAt > now &&
      (of.network ?? subscriber.network) === subscriber.network
    )
      expiries.push(subscriber.expiresAt)
  }
  return expiries.sort((a, b) => a - b)
}

/** Stores a new pending sign-up; one the address had before is gone (its link is no longer valid). */
export function addPending(ctx: ServerContext, subscriber: Subscriber): void {
  const { byToken, pendingByAddress } = store(ctx)
  const address = addressKey(subscriber.request.email)
  const previous = pendingByAddress.get(address)
  if (previous) byToken.delete(previous)
  byToken.set(subscriber.token, subscriber)
  pendingByAddress.set(address, subscriber.token)
}

/** The pending sign-up becomes a subscriber; its record stays as the evidence. */
export function markConfirmed(ctx: ServerContext, subscriber: Subscriber): void {
  subscriber.status = 'SUBSCRIBED'
  subscriber.confirmedAt = ctx.now().toISOString()
  const { pendingByAddress } = store(ctx)
  const address = addressKey(subscriber.request.email)
  if (pendingByAddress.get(address) === subscriber.token) pendingByAddress.delete(address)
}

/** For tests: the subscribers a server holds, pending and confirmed. */
export function subscribersOf(ctx: ServerContext): Subscriber[] {
  return [...store(ctx).byToken.values()]
}
