/**
 * The sign-up (POST /newsletter-subscribers): validated, limited per client and network, paced
 * per mailbox, and never a rewrite of a pending sign-up, whose request and evidence change only
 * with its token. New details are a new sign-up with a new token and mail; the old link stops
 * working. A 201 means the sign-up is stored: within its mailbox's pause only the mail waits.
 */
import { validate } from 'superstruct'
import {
  EMAIL_INVALID_TYPE,
  EMAIL_MAX,
  EMAIL_PATTERN,
  SubscriberRequestSchema,
  type SubscriberRequest,
} from '../../../src/contract/newsletter.schema.ts'
import { isSite, SITE_LOCALE, type Site } from '../../../src/contract/sites.ts'
import {
  ORIGINAL_ADDRESS_HEADER,
  SITE_HEADER,
  SUBSCRIBER_TOKEN_BYTES,
} from '../../../src/contract/contract.ts'
import type { ServerContext } from '../context.ts'
import { clientKey, networkKey, type Client } from '../client.ts'
import { json, problem, readJson } from '../http.ts'
import { bucket, keyedNetwork, tooManyRequests } from '../rate-limit.ts'
import { mailboxPause, sendConfirmation } from './newsletter-outbox.ts'
import {
  addPending,
  clientEvidence,
  consentSet,
  pendingFor,
  renewLink,
} from './newsletter-store.ts'
import { consentText } from '../consent-texts.ts'
import { currentRequest, type Bucket, type Subscriber } from '../store/store.ts'
import { hashToken } from '../store/token-hash.ts'

/** The longest page address a record keeps (origin and path; longer ones are not kept). */
export const PAGE_ADDRESS_MAX = 2048

/**
 * The page a visitor signed up on, as the record keeps it: the client's X-Original-Address
 * reduced to its origin and path (a query or fragment may carry anything, a session or an
 * address), and nothing when it is no http(s) address or longer than PAGE_ADDRESS_MAX.
 */
function pageAddressOf(header: string | null): string | null {
  if (!header || header.length > 8 * PAGE_ADDRESS_MAX || !URL.canParse(header)) return null
  const url = new URL(header)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const page = url.origin + url.pathname
  return page.length <= PAGE_ADDRESS_MAX ? page : null
}

/**
 * Sign-ups per client (clientKey): this many at once, then one more every SIGN_UP_EVERY_MS. A
 * shop's visitors, even many behind one address, never come close; a script does at once.
 */
const SIGN_UP_BURST = 60
const SIGN_UP_EVERY_MS = 2_000

/**
 * Sign-ups per network (networkKey): many addresses of one network are often one party, and each
 * sign-up sends a mail to an address of the sender's choice.
 */
const NETWORK_SIGN_UPS = { burst: 200, everyMs: 5_000 }

/** The limits a client's sign-up counts against: its own and its network's. */
const signUpLimits = (ctx: ServerContext, client: Client): Bucket[] => [
  bucket(ctx, 'sign-ups per client', clientKey(client), {
    burst: SIGN_UP_BURST,
    everyMs: SIGN_UP_EVERY_MS,
  }),
  bucket(ctx, 'sign-ups per network', networkKey(client), NETWORK_SIGN_UPS),
]

const limited = (seconds: number) =>
  tooManyRequests(seconds, 'Too many sign-ups from this network; try again later.')

function siteOf(request: Request): Site {
  const site = request.headers.get(SITE_HEADER)?.toUpperCase()
  return isSite(site) ? site : 'DE'
}

export async function subscribe({
  request,
  ctx,
  client,
}: {
  request: Request
  ctx: ServerContext
  client: Client
}): Promise<Response> {
  // Refused before the body is read when this process has seen a limit refuse (no round trip);
  // counted, for every process, in the transaction that stores the sign-up.
  const limits = signUpLimits(ctx, client)
  const wait = await ctx.store.limitWait(limits, ctx.now().getTime())
  if (wait) return limited(wait)
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
  valid.consents = consentSet(valid.consents)
  const evidence: Subscriber['evidence'] = {
    receivedAt: now.toISOString(),
    site,
    locale: SITE_LOCALE[site],
    pageAddress: pageAddressOf(request.headers.get(ORIGINAL_ADDRESS_HEADER)),
    consents: valid.consents,
    consentTextVersion: consentText(ctx.localesDir, SITE_LOCALE[site]).version,
    client: clientEvidence(ctx, client, request),
  }
  const rules = { limits, pause: mailboxPause(ctx, valid.email) }
  const pending = await pendingFor(ctx, valid.email)
  if (pending && sameSignUp(pending, valid, evidence)) {
    // The mail again, with a new link (the store knows only the old token's hash), once it is
    // committed: now, or when the mailbox's pause ends.
    const token = ctx.randomToken(SUBSCRIBER_TOKEN_BYTES)
    const renewed = await renewLink(ctx, pending, token, rules)
    if (renewed && 'limited' in renewed) return limited(renewed.limited)
    if (renewed) {
      if (renewed.mailNow) sendConfirmation(ctx, pending, token)
      return waiting()
    }
  }
  // New details are a new sign-up: a new token and mail; the old link is no longer valid. The
  // mail goes out, and the answer, only once the record is committed.
  const token = ctx.randomToken(SUBSCRIBER_TOKEN_BYTES)
  const subscriber: Subscriber = {
    tokenHash: hashToken(token),
    request: valid,
    status: 'WAITING_FOR_DOI',
    evidence,
    expiresAt: 0,
    network: keyedNetwork(ctx, networkKey(client)),
    corrections: [],
  }
  const stored = await addPending(ctx, subscriber, rules)
  if ('full' in stored)
    return problem(503, 'urn:newsletter:busy', 'Too many sign-ups await confirmation.', {
      'retry-after': String(stored.full),
    })
  if ('limited' in stored) return limited(stored.limited)
  if ('share' in stored) return limited(stored.share)
  // Taken: a sign-up for the address committed at the same moment stands, with its own mail.
  if ('mailNow' in stored && stored.mailNow) sendConfirmation(ctx, subscriber, token)
  return waiting()
}

const waiting = () => json({ status: 'WAITING_FOR_DOI' }, 201)

/**
 * Whether a sign-up repeats a pending one exactly: the same details (as corrected), from the same
 * site and page, under the same consent text; the time and the client may differ.
 */
function sameSignUp(
  pending: Subscriber,
  request: SubscriberRequest,
  evidence: Subscriber['evidence'],
): boolean {
  const { receivedAt: _a, client: _c, consents: _d, ...was } = pending.evidence
  const { receivedAt: _b, client: _e, consents: _f, ...now } = evidence
  return canonical([currentRequest(pending), was]) === canonical([request, now])
}

/** JSON with object keys sorted, so the order a client sends fields in does not matter. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  )
