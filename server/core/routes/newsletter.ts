/**
 * Newsletter calls of SPEC §7 under both base paths (internal and private): sign-up
 * (newsletter-signup.ts), subscriber lookup and update and DOI confirmation by token, customer
 * base data. Records: newsletter-store.ts; mails: newsletter-outbox.ts.
 */
import { partial, pick, validate } from 'superstruct'
import {
  CustomerBaseDataSchema,
  SubscriberRequestSchema,
} from '../../../src/contract/newsletter.schema.ts'
import { LOGIN_TOKEN_HEADER, SUBSCRIBER_TOKEN_PATTERN } from '../../../src/contract/contract.ts'
import { CALLS } from '../../../src/contract/contract-calls.ts'
import type { ServerContext } from '../context.ts'
import { empty, HttpError, json, problem, readJson } from '../http.ts'
import { callRoutes, type Route } from '../router.ts'
import { readFixture } from '../fixtures.ts'
import { verifyLoginToken } from './login.ts'
import { subscribe } from './newsletter-signup.ts'
import {
  clientEvidence,
  consentSet,
  correctPending,
  markConfirmed,
  usable,
} from './newsletter-store.ts'
import type { Client } from '../client.ts'
import { currentRequest } from '../store/store.ts'
/**
 * A token route's token. One not of the format the server issues is refused (400) before any
 * lookup or body: it is a client's mistake or a probe.
 */
function tokenOf(params: Record<string, string>): string {
  if (!SUBSCRIBER_TOKEN_PATTERN.test(params.token))
    throw new HttpError(400, 'This is not a subscriber token.')
  return params.token
}

interface TokenRouteArgs {
  params: Record<string, string>
  ctx: ServerContext
}

/** A token from a confirmation mail serves until its sign-up is confirmed (or it expires); then it is used up. */
const usedUp = () => problem(410, 'urn:newsletter:token_invalid', 'This link is no longer valid.')

async function confirm({
  request,
  params,
  ctx,
  client,
}: TokenRouteArgs & { request: Request; client: Client }): Promise<Response> {
  const subscriber = await usable(ctx, tokenOf(params))
  if (
    subscriber?.status !== 'WAITING_FOR_DOI' ||
    !(await markConfirmed(ctx, subscriber, clientEvidence(ctx, client, request)))
  )
    return usedUp()
  return json({ status: 'SUBSCRIBED' })
}

async function lookup({ params, ctx }: TokenRouteArgs): Promise<Response> {
  const subscriber = await usable(ctx, tokenOf(params))
  if (!subscriber) return problem(404, 'urn:newsletter:token_invalid', 'Unknown subscriber token.')
  if (subscriber.status !== 'WAITING_FOR_DOI') return usedUp()
  const { email, salutation, firstName, lastName, consents } = currentRequest(subscriber)
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
  const subscriber = await usable(ctx, tokenOf(params))
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
  if (details.consents) details.consents = consentSet(details.consents)
  // Appended as a correction: the sign-up's own request and evidence stay as they were. Confirmed
  // or replaced since it was read: the token no longer changes anything.
  const corrected = { ...currentRequest(subscriber), ...details }
  if (!(await correctPending(ctx, subscriber, corrected))) return usedUp()
  return empty(204)
}

async function baseData({
  request,
  ctx,
}: {
  request: Request
  ctx: ServerContext
}): Promise<Response> {
  if (!(await verifyLoginToken(ctx, request.headers.get(LOGIN_TOKEN_HEADER))))
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

export function newsletterRoutes(): Route[] {
  return [
    ...callRoutes(CALLS.signUp, subscribe),
    ...callRoutes(CALLS.baseData, baseData),
    ...callRoutes(CALLS.doi, confirm),
    ...callRoutes(CALLS.lookup, lookup),
    ...callRoutes(CALLS.update, update),
  ]
}
