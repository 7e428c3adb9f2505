/**
 * The newsletter's records: pending sign-ups (waiting for their confirmation) and confirmed
 * subscribers with the evidence of their consent, kept in the server's database (ctx.store,
 * store/store.ts). Confirmed records are never dropped: they are what the shop must be able to
 * prove. Pending ones make room only by expiring; when the pending store is full, new sign-ups
 * wait instead of pushing anyone's live link out. Each change is committed before it is answered.
 */
import type { ServerContext } from '../context.ts'
import type { Bucket, NotStored, SignUpRules, Stored, Subscriber } from '../store/store.ts'

/** Confirmation links are valid this long. */
export const DOI_TOKEN_TTL_MS = 48 * 60 * 60 * 1000

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

const nowMs = (ctx: ServerContext) => ctx.now().getTime()

/** The sign-up of a token while its link is valid (pending), or its confirmed record. */
export async function usable(ctx: ServerContext, token: string): Promise<Subscriber | undefined> {
  const subscriber = await ctx.store.subscriber(token)
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
      cap: ctx.limits.pendingSignUps,
      networkShare: ctx.limits.pendingPerNetwork,
    },
    nowMs(ctx),
  )
}

/**
 * A pending sign-up's link works DOI_TOKEN_TTL_MS from now (the same sign-up again, counted
 * against `limits`); false when it no longer works.
 */
export async function renewLink(
  ctx: ServerContext,
  subscriber: Subscriber,
  rules: { limits: Bucket[]; pause: Bucket },
): Promise<false | { limited: number } | Stored> {
  const expiresAt = nowMs(ctx) + DOI_TOKEN_TTL_MS
  const renewed = await ctx.store.renewLink(subscriber.token, expiresAt, rules, nowMs(ctx))
  if (renewed && 'mailNow' in renewed) subscriber.expiresAt = expiresAt
  return renewed
}

/**
 * The pending sign-up becomes a subscriber; its record stays as the evidence. False when it was
 * no longer pending (confirmed, replaced or expired at the same moment).
 */
export const markConfirmed = (ctx: ServerContext, subscriber: Subscriber) =>
  ctx.store.confirm(subscriber.token, ctx.now().toISOString(), nowMs(ctx))

/** The token holder's corrections of a pending sign-up; false when it is no longer pending. */
export const correctPending = (ctx: ServerContext, subscriber: Subscriber) =>
  ctx.store.correct(subscriber.token, subscriber, nowMs(ctx))

/** The subscribers a server holds, pending and confirmed (tests; the export is consents.ts). */
export const subscribersOf = (ctx: ServerContext) => ctx.store.subscribers()
