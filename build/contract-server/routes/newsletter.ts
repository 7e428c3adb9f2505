/**
 * Newsletter calls of SPEC §7 under both base paths (internal and private): sign-up with
 * double opt-in tokens, subscriber lookup and update, DOI confirmation, customer base data,
 * and the /_mail/ outbox with the confirmation mails.
 */
import { partial, pick, validate } from 'superstruct'
import {
  CustomerBaseDataSchema,
  EMAIL_INVALID_TYPE,
  EMAIL_MAX,
  EMAIL_PATTERN,
  SubscriberRequestSchema,
  type SubscriberRequest,
} from '../../../src/newsletter/newsletter.schema.ts'
import { isSite, SITE_LOCALE, type Site } from '../../../src/sites.ts'
import {
  BASE_DATA_PATH,
  DOI_PATH,
  LOGIN_TOKEN_HEADER,
  NEWSLETTER_API,
  NEWSLETTER_SPA_API,
  ORIGINAL_ADDRESS_HEADER,
  SITE_HEADER,
  SUBSCRIBER_TOKEN_BYTES,
  SUBSCRIBER_TOKEN_PARAM,
  SUBSCRIBER_TOKEN_PATTERN,
  SUBSCRIBERS_PATH,
} from '../../../src/contract.ts'
import { featureState, setBounded, type ServerContext } from '../context.ts'
import { empty, escapeHtml, HttpError, json, readJson } from '../http.ts'
import { demoTool, route, type Route } from '../router.ts'
import { toolPage } from '../demo.ts'
import { readFixture } from '../fixtures.ts'
import { MAIL_TEXTS } from './newsletter-mail.ts'
import { MARKETS } from '../../product/markets.ts'
import { verifyLoginToken } from './login.ts'

/** Confirmation links are valid this long. */
export const DOI_TOKEN_TTL_MS = 48 * 60 * 60 * 1000
/** A repeated sign-up of a pending address mails it again only this long after the last mail. */
export const DOI_RESEND_PAUSE_MS = 10 * 60 * 1000

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
  expiresAt: number
  /** When the last confirmation mail went out (ms). */
  mailedAt: number
  confirmedAt?: string
}

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

interface NewsletterState {
  byToken: Map<string, Subscriber>
  /** The pending sign-up's token per address (lower case): one pending confirmation per address. */
  pendingByAddress: Map<string, string>
  outbox: Mail[]
  mailsSent: number
}

const state = (ctx: ServerContext) =>
  featureState<NewsletterState>(ctx, 'newsletter', () => ({
    byToken: new Map(),
    pendingByAddress: new Map(),
    outbox: [],
    mailsSent: 0,
  }))

export const CONSENT_TEXT_VERSION = '2026-11'

function siteOf(request: Request): Site {
  const site = request.headers.get(SITE_HEADER)?.toUpperCase()
  return isSite(site) ? site : 'DE'
}

function problem(status: number, type: string, title: string): Response {
  return json({ type, title, status }, status, { 'content-type': 'application/problem+json' })
}

async function subscribe({
  request,
  ctx,
}: {
  request: Request
  ctx: ServerContext
}): Promise<Response> {
  const body = await readJson(request)
  const email = body && typeof body === 'object' ? (body as { email?: unknown }).email : undefined
  // The length before the pattern: a pattern's time may grow faster than its input.
  if (typeof email === 'string' && (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email))) {
    return problem(400, EMAIL_INVALID_TYPE, 'The email address is not valid.')
  }
  const [error, valid] = validate(body, SubscriberRequestSchema)
  if (error)
    return problem(
      400,
      'urn:newsletter:invalid_request',
      `${error.path.join('.') || 'body'}: ${error.message}`,
    )
  const site = siteOf(request)
  const now = ctx.now()
  const evidence: Subscriber['evidence'] = {
    receivedAt: now.toISOString(),
    site,
    locale: SITE_LOCALE[site],
    pageAddress: request.headers.get(ORIGINAL_ADDRESS_HEADER),
    consents: valid.consents,
    consentTextVersion: CONSENT_TEXT_VERSION,
  }
  const s = state(ctx)
  const address = valid.email.toLowerCase()
  const pending = usable(ctx, s.pendingByAddress.get(address) ?? '')
  if (pending?.status === 'WAITING_FOR_DOI') {
    // Signing up again while a confirmation is pending: the newest details count, and the mail goes
    // again only after a pause, so a form (or a bot) cannot flood an inbox.
    pending.request = valid
    pending.evidence = evidence
    if (now.getTime() - pending.mailedAt >= DOI_RESEND_PAUSE_MS) sendConfirmation(ctx, pending, now)
    return json({ status: 'WAITING_FOR_DOI' }, 201)
  }
  const token = ctx.randomToken(SUBSCRIBER_TOKEN_BYTES)
  const subscriber: Subscriber = {
    token,
    request: valid,
    status: 'WAITING_FOR_DOI',
    evidence,
    expiresAt: 0,
    mailedAt: 0,
  }
  setBounded(s.byToken, token, subscriber, ctx.limits.subscribers)
  setBounded(s.pendingByAddress, address, token, ctx.limits.subscribers)
  sendConfirmation(ctx, subscriber, now)
  return json({ status: 'WAITING_FOR_DOI' }, 201)
}

/** Mails the confirmation link (into the outbox, which keeps the newest mails); the link is valid 48 hours from now. */
function sendConfirmation(ctx: ServerContext, subscriber: Subscriber, now: Date): void {
  const s = state(ctx)
  const { site } = subscriber.evidence
  subscriber.expiresAt = now.getTime() + DOI_TOKEN_TTL_MS
  subscriber.mailedAt = now.getTime()
  s.outbox.push({
    id: ++s.mailsSent,
    to: subscriber.request.email,
    ...MAIL_TEXTS[SITE_LOCALE[site]],
    locale: SITE_LOCALE[site],
    link: confirmationLink(ctx, site, subscriber.evidence.pageAddress, subscriber.token),
    site,
    sentAt: now.toISOString(),
  })
  if (s.outbox.length > ctx.limits.mails) s.outbox.splice(0, s.outbox.length - ctx.limits.mails)
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

/**
 * A token route's token. One not of the format the server issues is refused (400) before any
 * lookup or body: it is a client's mistake or a probe.
 */
function tokenOf(params: Record<string, string>): string {
  if (!SUBSCRIBER_TOKEN_PATTERN.test(params.token))
    throw new HttpError(400, 'This is not a subscriber token.')
  return params.token
}

function usable(ctx: ServerContext, token: string): Subscriber | undefined {
  const subscriber = state(ctx).byToken.get(token)
  return subscriber && subscriber.expiresAt > ctx.now().getTime() ? subscriber : undefined
}

function confirm({
  params,
  ctx,
}: {
  params: Record<string, string>
  ctx: ServerContext
}): Response {
  const subscriber = usable(ctx, tokenOf(params))
  if (subscriber?.status !== 'WAITING_FOR_DOI')
    return problem(410, 'urn:newsletter:token_invalid', 'This link is no longer valid.')
  subscriber.status = 'SUBSCRIBED'
  subscriber.confirmedAt = ctx.now().toISOString()
  return json({ status: 'SUBSCRIBED' })
}

/** A token from a confirmation mail serves until its sign-up is confirmed (or it expires); then it is used up. */
const usedUp = () => problem(410, 'urn:newsletter:token_invalid', 'This link is no longer valid.')

function lookup({ params, ctx }: { params: Record<string, string>; ctx: ServerContext }): Response {
  const subscriber = usable(ctx, tokenOf(params))
  if (!subscriber) return problem(404, 'urn:newsletter:token_invalid', 'Unknown subscriber token.')
  if (subscriber.status !== 'WAITING_FOR_DOI') return usedUp()
  const { email, salutation, firstName, lastName, consents } = subscriber.request
  return json({ email, salutation, firstName, lastName, consents, status: subscriber.status })
}

/**
 * What the holder of a token may change: the details of their pending sign-up. The address may be
 * sent along (clients send the whole form) but not changed: the token proves only that its mail
 * reached that address, so another address needs its own sign-up and confirmation.
 */
const SubscriberUpdateSchema = partial(
  pick(SubscriberRequestSchema, ['email', 'salutation', 'firstName', 'lastName', 'consents']),
)

async function update({
  request,
  params,
  ctx,
}: {
  request: Request
  params: Record<string, string>
  ctx: ServerContext
}): Promise<Response> {
  const subscriber = usable(ctx, tokenOf(params))
  if (!subscriber) return problem(404, 'urn:newsletter:token_invalid', 'Unknown subscriber token.')
  if (subscriber.status !== 'WAITING_FOR_DOI') return usedUp()
  const [error, changes] = validate(await readJson(request), SubscriberUpdateSchema)
  if (error)
    return problem(
      400,
      'urn:newsletter:invalid_request',
      `${error.path.join('.') || 'body'}: ${error.message}`,
    )
  if (
    changes.email !== undefined &&
    changes.email.toLowerCase() !== subscriber.request.email.toLowerCase()
  ) {
    return problem(
      409,
      'urn:newsletter:email_change_needs_doi',
      'Another address needs its own sign-up and confirmation.',
    )
  }
  const { email: _sameAddress, ...details } = changes
  subscriber.request = { ...subscriber.request, ...details }
  if (details.consents) subscriber.evidence.consents = details.consents
  return empty(204)
}

async function baseData({
  request,
  ctx,
}: {
  request: Request
  ctx: ServerContext
}): Promise<Response> {
  if (!verifyLoginToken(ctx, request.headers.get(LOGIN_TOKEN_HEADER)))
    return problem(
      401,
      'urn:customer:unauthorized',
      `${LOGIN_TOKEN_HEADER} is missing or not a valid login token.`,
    )
  const data = await readFixture(ctx, 'api/customer-base-data.json')
  const [error] = validate(data, CustomerBaseDataSchema)
  if (error) throw new Error(`fixtures/api/customer-base-data.json: ${error.message}`)
  return json(data)
}

function outbox({ ctx }: { ctx: ServerContext }): Response {
  const mails = [...state(ctx).outbox].reverse()
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

export function newsletterRoutes(): Route[] {
  const bases = [NEWSLETTER_API, NEWSLETTER_SPA_API]
  return [
    ...bases.flatMap((base) => [
      route('POST', base + SUBSCRIBERS_PATH, subscribe),
      route('GET', base + BASE_DATA_PATH, baseData),
      route('PUT', `${base}${SUBSCRIBERS_PATH}/:token${DOI_PATH}`, confirm),
      route('GET', `${base}${SUBSCRIBERS_PATH}/:token`, lookup),
      route('PUT', `${base}${SUBSCRIBERS_PATH}/:token`, update),
    ]),
    demoTool('GET', '/_mail/', outbox),
    demoTool('GET', '/_mail/outbox.json', ({ ctx }) => json(state(ctx).outbox)),
  ]
}

/** For tests: the subscribers a server holds. */
export function subscribersOf(ctx: ServerContext): Subscriber[] {
  return [...state(ctx).byToken.values()]
}
