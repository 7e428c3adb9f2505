/**
 * The confirmation mails: sent into an outbox that keeps the newest mails (a real backend hands
 * them to its mail service; the demo shows them at /_mail/, demo/mail.ts), paced per mailbox so
 * no form (or bot) can flood an inbox. The pause is a shared limit (rate-limit.ts), counted in the
 * transaction that stores the sign-up: a sign-up within it is stored, and its mail waits until
 * the pause ends (sendDueMails). A mail stays only while its record does: an erasure or the
 * retention sweep, in this process or in `npm run consents`, takes the address out of it too.
 */
import { SITE_LOCALE, type Site } from '../../../src/contract/sites.ts'
import { SUBSCRIBER_TOKEN_BYTES, SUBSCRIBER_TOKEN_PARAM } from '../../../src/contract/contract.ts'
import { featureState, type ServerContext } from '../context.ts'
import { bucket, type Keyed } from '../rate-limit.ts'
import { MAIL_TEXTS } from './newsletter-mail.ts'
import { mailboxKey } from './newsletter-store.ts'
import type { Bucket, Subscriber } from '../store/store.ts'
import { hashToken } from '../store/token-hash.ts'

/** One mailbox gets a confirmation mail at most this often, whichever of its addresses signs up. */
export const DOI_RESEND_PAUSE_MS = 10 * 60 * 1000

export interface Mail {
  id: number
  to: string
  subject: string
  /** Plain text of the mail, without advertising. */
  body: string
  action: string
  ignore: string
  locale: string
  link: string
  site: Site
  sentAt: string
  /** The hash of the link's token: which record the mail belongs to. */
  tokenHash: string
}

interface Outbox {
  mails: Mail[]
  sent: number
}

/** The outbox: every mail this process sent, the newest last. */
export const outbox = (ctx: ServerContext) =>
  featureState<Outbox>(ctx, 'newsletter-outbox', () => ({ mails: [], sent: 0 }))

/** The pause of the mailbox `email` delivers to: one mail, then one every DOI_RESEND_PAUSE_MS. */
export const mailboxPause = (keyed: Keyed, email: string): Bucket =>
  bucket(keyed, 'mailbox pause', mailboxKey(email), { burst: 1, everyMs: DOI_RESEND_PAUSE_MS })

/**
 * Mails the confirmation link of a stored sign-up with its token, once the store has counted its
 * mailbox's pause (its link's life is the store's, addPending).
 */
export function sendConfirmation(ctx: ServerContext, subscriber: Subscriber, token: string): void {
  const box = outbox(ctx)
  const now = ctx.now()
  const { site } = subscriber.evidence
  box.mails.push({
    id: ++box.sent,
    to: subscriber.request.email,
    ...MAIL_TEXTS[SITE_LOCALE[site]],
    locale: SITE_LOCALE[site],
    link: confirmationLink(ctx, site, subscriber.evidence.pageAddress, token),
    site,
    sentAt: now.toISOString(),
    tokenHash: hashToken(token),
  })
  if (box.mails.length > ctx.limits.mails) box.mails.splice(0, box.mails.length - ctx.limits.mails)
}

/**
 * Sends the mails that waited for their mailbox's pause and are due now, each once across every
 * process (the store hands each out once); the number sent. The server runs it every
 * DUE_MAILS_EVERY_MS (serve.ts); tests call it on their clock.
 */
export async function sendDueMails(ctx: ServerContext): Promise<number> {
  const due = await ctx.store.dueMails(
    ctx.now().getTime(),
    (s) => mailboxPause(ctx, s.request.email),
    () => {
      // A new link: the store knows only the old token's hash.
      const token = ctx.randomToken(SUBSCRIBER_TOKEN_BYTES)
      return { token, hash: hashToken(token) }
    },
  )
  for (const { subscriber, token } of due) sendConfirmation(ctx, subscriber, token)
  return due.length
}

/** How often the server looks for mails that are due (a held mail waits at most this long more). */
export const DUE_MAILS_EVERY_MS = 15_000

/**
 * The link of the confirmation mail: the configured public origin, the path of the page the
 * visitor signed up on (the market's home page, ctx.sitePaths, when the client did not say) and
 * the token. Nothing
 * else of the client's address is kept: its origin may be anyone's, its query and fragment
 * anything.
 */
function confirmationLink(
  ctx: ServerContext,
  site: Site,
  pageAddress: string | null,
  token: string,
): string {
  const link = new URL(ctx.publicOrigin)
  // Set as a path (not resolved as a reference): `//evil.example/` stays a path on our origin.
  link.pathname =
    (URL.canParse(pageAddress ?? '') && new URL(pageAddress!).pathname) ||
    (ctx.sitePaths[site] ?? '/')
  link.searchParams.set(SUBSCRIBER_TOKEN_PARAM, token)
  return link.href
}

/**
 * Drops the mails whose record the store no longer holds (erased, or expired and swept, here or by
 * another process on the same database): the outbox names nobody the records do not. Run before
 * the outbox is shown, and every minute (keepOutboxTrue).
 */
export async function forgetGoneRecords(ctx: ServerContext): Promise<void> {
  const box = outbox(ctx)
  const gone = new Set<Mail>()
  for (const mail of box.mails) if (!(await ctx.store.subscriber(mail.tokenHash))) gone.add(mail)
  if (gone.size) box.mails = box.mails.filter((mail) => !gone.has(mail))
}

const OUTBOX_CHECK_EVERY_MS = 60_000

/**
 * Checks the outbox against the records every minute, so an erasure by `npm run consents` (another
 * process) leaves this one's memory within a minute; the returned function stops it. It never
 * keeps the process alive.
 */
export function keepOutboxTrue(ctx: ServerContext): () => void {
  const timer = setInterval(
    () =>
      forgetGoneRecords(ctx).catch((error) =>
        console.error('outbox: check failed:', error.message),
      ),
    OUTBOX_CHECK_EVERY_MS,
  )
  timer.unref()
  return () => clearInterval(timer)
}
