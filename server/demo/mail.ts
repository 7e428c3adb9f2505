/** The /_mail/ demo tool: the outbox of confirmation mails (core/routes/newsletter-outbox.ts), newest first. */
import { escapeHtml, json } from '../core/http.ts'
import type { Route } from '../core/router.ts'
import type { ServerContext } from '../core/context.ts'
import { forgetGoneRecords, outbox } from '../core/routes/newsletter-outbox.ts'
import type { DemoGuard } from './guard.ts'
import { toolPage } from './tool-page.ts'

async function outboxPage(ctx: ServerContext): Promise<Response> {
  await forgetGoneRecords(ctx)
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

export function mailRoutes(guard: DemoGuard): Route[] {
  return [
    guard.tool('GET', '/_mail/', ({ ctx }) => outboxPage(ctx)),
    guard.tool('GET', '/_mail/outbox.json', async ({ ctx }) => {
      await forgetGoneRecords(ctx)
      return json(outbox(ctx).mails.map(({ tokenHash: _key, ...mail }) => mail))
    }),
  ]
}
