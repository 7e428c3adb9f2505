/**
 * No PII in logs: whatever fails (the sign-up, the base data of a logged-in visitor, the double
 * opt-in), the console says what failed, never the e-mail address or names. The console is read
 * as a developer would see it: every argument in full (util.inspect), not only error messages.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { inspect } from 'node:util'
import { cleanup, fireEvent, screen } from '@testing-library/preact'
import { createTestWidget, renderInWidget, TEST_ORIGIN, useLocale } from '../../test/helpers/widget'
import { t } from '../i18n/i18n'
import { NewsletterBlock } from './index'

const EMAIL = 'anna.pii@example.com'
const NAME = 'Annabella'
test.after.each(cleanup)

/** Everything written to the console while `fn` runs, each argument inspected in full. */
async function consoleText(fn: () => Promise<void>): Promise<string> {
  const lines: string[] = []
  const saved = {
    log: console.log,
    info: console.info,
    warn: console.warn,
    error: console.error,
    debug: console.debug,
  }
  for (const level of Object.keys(saved) as (keyof typeof saved)[])
    console[level] = (...args: unknown[]) =>
      void lines.push(args.map((a) => inspect(a, { depth: 10 })).join(' '))
  try {
    await fn()
  } finally {
    Object.assign(console, saved)
  }
  return lines.join('\n')
}

/** A server that fails every call and echoes what it got, as careless backends do. */
const echoing = (status: number) =>
  (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.includes('/psdata'))
      return new Response(JSON.stringify({ newsletterStatus: 'NONE', email: EMAIL }), {
        headers: { 'content-type': 'application/json' },
      })
    if (url.includes('/customers/base-data'))
      return new Response(JSON.stringify({ email: { address: EMAIL }, firstName: NAME }), {
        headers: { 'content-type': 'application/json' },
      })
    const body = typeof init?.body === 'string' ? init.body : ''
    return new Response(
      JSON.stringify({ type: 'urn:newsletter:failure', detail: `could not subscribe ${body}` }),
      { status, headers: { 'content-type': 'application/json' } },
    )
  }) as typeof fetch

for (const status of [500, 400, 409]) {
  test(`a sign-up refused with ${status} (an answer echoing the request) and broken base data: nothing personal on the console`, async () => {
    await useLocale('de-AT')
    document.cookie = 'LoginToken=x; Path=/'
    try {
      const text = await consoleText(async () => {
        const { widget, drain } = createTestWidget({
          config: { site: 'AT' },
          fetch: echoing(status),
        })
        renderInWidget(<NewsletterBlock />, widget)
        await drain()
        const email = screen.getByRole('textbox', { name: /^E-Mail/ })
        fireEvent.change(email, { target: { value: EMAIL } })
        fireEvent.change(
          screen.getByRole('textbox', { name: new RegExp(`^${t('newsletter.firstName')}`) }),
          { target: { value: NAME } },
        )
        fireEvent.change(
          screen.getByRole('textbox', { name: new RegExp(`^${t('newsletter.lastName')}`) }),
          { target: { value: 'Huber' } },
        )
        fireEvent.click(screen.getByRole('button', { name: t('newsletter.submit') }))
        await drain()
        screen.getByText(t('newsletter.errorGeneric'))
      })
      assert.match(text, /\bW17\b/, 'the failure is logged')
      assert.match(text, /\bW19\b/, 'the base-data failure is logged')
      for (const pii of [EMAIL, 'anna.pii', NAME, 'Huber'])
        assert.not.ok(text.includes(pii), `${pii} on the console:\n${text}`)
    } finally {
      document.cookie = 'LoginToken=; Max-Age=0; Path=/'
    }
  })
}

test('a double opt-in failure logs no token and nothing personal', async () => {
  await useLocale('de-DE')
  const text = await consoleText(async () => {
    const { widget, drain } = createTestWidget({ config: { site: 'DE' }, fetch: echoing(500) })
    widget.subscriberToken = 'tok-secret-123'
    widget.pageAddress = `${TEST_ORIGIN}/de/`
    renderInWidget(<NewsletterBlock />, widget)
    await drain()
    fireEvent.click(screen.getByRole('button', { name: t('newsletter.doiConfirm') }))
    await drain()
    screen.getByText(t('newsletter.errorGeneric'))
  })
  assert.match(text, /\bW18\b/)
  assert.not.ok(text.includes('tok-secret-123'), text)
})

test.run()
