/**
 * The newsletter's records: pending sign-ups (waiting for their confirmation) and confirmed
 * subscribers with the evidence of their consent, kept in the server's database (ctx.store,
 * store/store.ts). Confirmed records are never dropped: they are what the shop must be able to
 * prove. Pending ones make room only by expiring; when the pending store is full, new sign-ups
 * wait instead of pushing anyone's live link out. Each change is committed before it is answered.
 * A token reaches the store only as its hash (store/token-hash.ts).
 */
import { CONSENTS } from '../../../src/contract/newsletter.constants.ts'
import type { Locale } from '../../../src/contract/sites.ts'
import type { Client } from '../client.ts'
import { consentText } from '../consent-texts.ts'
import type { ServerContext } from '../context.ts'
import type {
  Bucket,
  ClientEvidence,
  NotStored,
  SignUpRules,
  Stored,
  Subscriber,
} from '../store/store.ts'
import { hashToken } from '../store/token-hash.ts'

/** Confirmation links are valid this long. */
const DOI_TOKEN_TTL_MS = 48 * 60 * 60 * 1000

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

/** Consents as a record keeps them: each known value once, in the contract's order. */
export const consentSet = (consents: readonly string[]): (typeof CONSENTS)[number][] =>
  CONSENTS.filter((consent) => consents.includes(consent))

const nowMs = (ctx: ServerContext) => ctx.now().getTime()

/** A client's user agent, as evidence: bounded, so a header cannot swell a record. */
const AGENT_MAX = 512

/** The client as evidence of a sign-up or confirmation, when the operator keeps it (context.ts). */
export const clientEvidence = (
  ctx: ServerContext,
  client: Client,
  request: Request,
): ClientEvidence | null =>
  ctx.keepClientEvidence
    ? {
        address: client.remoteAddress,
        agent: request.headers.get('user-agent')?.slice(0, AGENT_MAX) ?? null,
      }
    : null

/** The sign-up of a token while its link is valid (pending), or its confirmed record. */
export async function usable(ctx: ServerContext, token: string): Promise<Subscriber | undefined> {
  const subscriber = await ctx.store.subscriber(hashToken(token))
  if (subscriber?.status === 'SUBSCRIBED') return subscriber
  return subscriber && subscriber.expiresAt > nowMs(ctx) ? subscriber : undefined
}

/** The address's pending sign-up whose link still works. */
export const pendingFor = (ctx: ServerContext, email: string) =>
  ctx.store.pendingOf(addressKey(email), nowMs(ctx))

/**
 * Stores a new pending sign-up, its link valid for DOI_TOKEN_TTL_MS; one the address had before
 * is gone (its link is no longer valid). It must fit its limits, its network's share
 * (limits.pendingPerNetwork) and the store's cap (limits.pendingSignUps, after expired sign-ups,
 * which hold no consent, are deleted); its mail goes now or when its mailbox's pause ends.
 */
export function addPending(
  ctx: ServerContext,
  subscriber: Subscriber,
  rules: Pick<SignUpRules, 'limits' | 'pause'>,
): Promise<NotStored | Stored> {
  subscriber.expiresAt = nowMs(ctx) + DOI_TOKEN_TTL_MS
  return ctx.store.addPending(
    addressKey(subscriber.request.email),
    subscriber,
    {
      ...rules,
      text: consentText(ctx.localesDir, subscriber.evidence.locale as Locale),
      cap: ctx.limits.pendingSignUps,
      networkShare: ctx.limits.pendingPerNetwork,
    },
    nowMs(ctx),
  )
}

/**
 * A new link for a pending sign-up, valid DOI_TOKEN_TTL_MS from now (the same sign-up again,
 * counted against `rules.limits`): a new token, as the store knows only the old one's hash; the
 * previous mail's link stops working. False when the sign-up no longer waits.
 */
export async function renewLink(
  ctx: ServerContext,
  subscriber: Subscriber,
  token: string,
  rules: { limits: Bucket[]; pause: Bucket },
): Promise<false | { limited: number } | Stored> {
  const expiresAt = nowMs(ctx) + DOI_TOKEN_TTL_MS
  const renewed = await ctx.store.renewLink(
    subscriber.tokenHash,
    hashToken(token),
    expiresAt,
    rules,
    nowMs(ctx),
  )
  if (renewed && 'mailNow' in renewed) {
    subscriber.tokenHash = hashToken(token)
    subscriber.expiresAt = expiresAt
  }
  return renewed
}

/**
 * The pending sign-up becomes a subscriber; its record stays as the evidence. False when it was
 * no longer pending (confirmed, replaced or expired at the same moment).
 */
export const markConfirmed = (
  ctx: ServerContext,
  subscriber: Subscriber,
  client: ClientEvidence | null,
) => ctx.store.confirm(subscriber.tokenHash, ctx.now().toISOString(), client, nowMs(ctx))

/**
 * The token holder's corrections of a pending sign-up, appended with their time (the sign-up's
 * own request and evidence stay as they were); false when it is no longer pending.
 */
export const correctPending = (
  ctx: ServerContext,
  subscriber: Subscriber,
  request: Subscriber['request'],
) => ctx.store.correct(subscriber.tokenHash, { at: ctx.now().toISOString(), request }, nowMs(ctx))

/** The subscribers a server holds, pending and confirmed (tests; the export is consents.ts). */
export const subscribersOf = (ctx: ServerContext) => ctx.store.subscribers()
