/**
 * The sign-up (POST /newsletter-subscribers): validated, limited per client, paced per mailbox,
 * and never a rewrite of a pending sign-up, whose request and evidence change only with its
 * token. New details are a new sign-up with a new token and mail; the old link stops working.
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
import { featureState, type ServerContext } from '../context.ts'
import { clientKey, networkKey, type Client } from '../client.ts'
import { json, problem, readJson } from '../http.ts'
import { createLimiter, tooManyRequests } from '../rate-limit.ts'
import { mailboxPaused, sendConfirmation } from './newsletter-outbox.ts'
import {
  addPending,
  clientEvidence,
  consentSet,
  pendingFor,
  pendingShareOf,
  renewLink,
} from './newsletter-store.ts'
import { consentText } from '../consent-texts.ts'
import { currentRequest, type Subscriber } from '../store/store.ts'
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

const signUpLimiters = (ctx: ServerContext) =>
  featureState(ctx, 'newsletter-clients', () => {
    const now = () => ctx.now().getTime()
    return {
      clients: createLimiter({ burst: SIGN_UP_BURST, everyMs: SIGN_UP_EVERY_MS, now }),
      networks: createLimiter({ ...NETWORK_SIGN_UPS, now }),
    }
  })

/**
 * Seconds this client must wait before it may sign up (0: now, and the sign-up is counted): its
 * own limit, its network's, and its network's share of the pending store (limits.pendingPerNetwork:
 * a network waits for its own links to expire, never everybody for one network's).
 */
async function signUpWait(ctx: ServerContext, client: Client): Promise<number> {
  const { clients, networks } = signUpLimiters(ctx)
  const byClient = clientKey(client)
  const network = networkKey(client)
  const pending = await pendingShareOf(ctx, network)
  const share =
    pending.count >= ctx.limits.pendingPerNetwork
      ? Math.ceil((pending.soonest - ctx.now().getTime()) / 1000)
      : 0
  const wait = Math.max(clients.wait(byClient), networks.wait(network), share)
  if (wait) return wait
  clients.spend(byClient)
  networks.spend(network)
  return 0
}

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
  const wait = await signUpWait(ctx, client)
  if (wait) return tooManyRequests(wait, 'Too many sign-ups from this network; try again later.')
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
  // Within the pause nothing changes, whatever the details: a pending sign-up's request and
  // evidence change only with its token, and the answer is the same as ever (it tells nobody
  // whether the address is pending).
  if (mailboxPaused(ctx, valid.email)) return waiting()
  const pending = await pendingFor(ctx, valid.email)
  if (pending && sameSignUp(pending, valid, evidence)) {
    // The mail again, with a new link (the store knows only the old token's hash), once it is committed.
    const token = ctx.randomToken(SUBSCRIBER_TOKEN_BYTES)
    if (await renewLink(ctx, pending, token)) sendConfirmation(ctx, pending, token)
    return waiting()
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
    network: networkKey(client),
    corrections: [],
  }
  const notStored = await addPending(ctx, subscriber)
  if (notStored && 'full' in notStored)
    return problem(503, 'urn:newsletter:busy', 'Too many sign-ups await confirmation.', {
      'retry-after': String(notStored.full),
    })
  // Taken: a sign-up for the address committed at the same moment stands, with its own mail.
  if (!notStored) sendConfirmation(ctx, subscriber, token)
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
