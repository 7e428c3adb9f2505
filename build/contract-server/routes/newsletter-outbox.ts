/**
 * The confirmation mails: sent into an outbox that keeps the newest mails, paced per mailbox so no
 * form (or bot) can flood an inbox, and shown by the /_mail/ demo tool.
 */
import { SITE_LOCALE, type Site } from '../../../src/sites.ts'
import { SUBSCRIBER_TOKEN_PARAM } from '../../../src/contract.ts'
import { featureState, type ServerContext } from '../context.ts'
import { escapeHtml, json } from '../http.ts'
import { createLimiter, type Limiter } from '../rate-limit.ts'
import { demoTool, type Route } from '../router.ts'
import { toolPage } from '../demo.ts'
import { MARKETS } from '../../product/markets.ts'
import { MAIL_TEXTS } from './newsletter-mail.ts'
import { DOI_TOKEN_TTL_MS, mailboxKey, type Subscriber } from './newsletter-store.ts'

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
}

interface Outbox {
  mails: Mail[]
  sent: number
  pause: Limiter
}

const outbox = (ctx: ServerContext) =>
  featureState<Outbox>(ctx, 'newsletter-outbox', () => ({
    mails: [],
    sent: 0,
    pause: createLimiter({
      burst: 1,
      everyMs: DOI_RESEND_PAUSE_MS,
      now: () => ctx.now().getTime(),
    }),
  }))

/** Whether the mailbox of `email` got a confirmation mail within the pause. */
export const mailboxPaused = (ctx: ServerContext, email: string) =>
  outbox(ctx).pause.wait(mailboxKey(email)) > 0

/** Mails the confirmation link; the link is valid 48 hours from now. */
export function sendConfirmation(ctx: ServerContext, subscriber: Subscriber): void {
  const box = outbox(ctx)
  const now = ctx.now()
  const { site } = subscriber.evidence
  box.pause.spend(mailboxKey(subscriber.request.email))
  subscriber.expiresAt = now.getTime() + DOI_TOKEN_TTL_MS
  box.mails.push({
    id: ++box.sent,
    to: subscriber.request.email,
    ...MAIL_TEXTS[SITE_LOCALE[site]],
    locale: SITE_LOCALE[site],
    link: confirmationLink(ctx, site, subscriber.evidence.pageAddress, subscriber.token),
    site,
    sentAt: now.toISOString(),
  })
  if (box.mails.length > ctx.limits.mails) box.mails.splice(0, box.mails.length - ctx.limits.mails)
}

/**
 * The link of the confirmation mail: the configured public origin, the path of the page the
 * visitor signed up on (the market's page when the client did not say) and the token. Nothing
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
    MARKETS.find((m) => m.site === site)!.path
  link.searchParams.set(SUBSCRIBER_TOKEN_PARAM, token)
  return link.href
}

function outboxPage(ctx: ServerContext): Response {
  const mails = [...outbox(ctx).mails].reverse()
  const items = mails
    .map(
      (m) =>
        `<li><article lang="${m.locale}"><h2>${escapeHtml(m.subject)}</h2><p lang="en">To: ${escapeHtml(m.to)} · ${m.site} · ${m.sentAt}</p><p>${escapeHtml(m.body)}</p><p><a href="${escapeHtml(m.link)}">${escapeHtml(m.action)}</a></p><p>${escapeHtml(m.ignore)}</p></article></li>`,
    )
    .join('\n')
  return toolPage(
    'Mail outbox',
    `<h1>Mail outbox</h1>${mails.length ? `<ol>${items}</ol>` : '<p>No mails yet.</p>'}<p><a href="/">Back</a></p>`,
  )
}

export function outboxRoutes(): Route[] {
  return [
    demoTool('GET', '/_mail/', ({ ctx }) => outboxPage(ctx)),
    demoTool('GET', '/_mail/outbox.json', ({ ctx }) => json(outbox(ctx).mails)),
  ]
}
